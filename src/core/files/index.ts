/**
 * Saves a Blob as a file through a temporary link: downloads fetched with the bearer token (the
 * strict CSP allows no navigation to the API with a token) and files built in the browser (CSV).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: Chromium fetches the blob after the click returns, and an early revoke
  // cancels the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The first bytes of a file (its magic number), read without loading the rest: what a picker
 * checks the moment a file is chosen.
 */
export function readFileHead(file: Blob, length = 16): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array(),
      );
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}
