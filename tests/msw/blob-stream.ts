/**
 * jsdom's Blob has no stream(), which msw's XHR interceptor needs to mirror a blob response
 * (browsers have it). A test-environment shim only: tests of file downloads call it in beforeAll.
 */
export function shimBlobStream() {
  if (typeof Blob.prototype.stream === 'function') return;
  Object.defineProperty(Blob.prototype, 'stream', {
    configurable: true,
    value(this: Blob) {
      return new ReadableStream<Uint8Array>({
        start: async (controller) => {
          controller.enqueue(new Uint8Array(await this.arrayBuffer()));
          controller.close();
        },
      });
    },
  });
}
