/** A 2D context double recording the arcs drawn (jsdom has no canvas). */
export function fakeCanvasContext() {
  const arcs: { x: number; y: number; r: number }[] = [];
  class FakePath2D {
    arc(x: number, y: number, r: number) {
      arcs.push({ x, y, r });
    }
    moveTo() {}
  }
  const ctx = {
    setTransform: () => {},
    clearRect: () => {},
    fill: () => {},
    stroke: () => {},
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
  };
  return { arcs, ctx, Path2D: FakePath2D };
}
