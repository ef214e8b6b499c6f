import { dataApi } from '@/core/api';
import { config } from '@/core/config';
import { saveBlob } from '@/core/files';

/**
 * SPEC §3: the '{address}' of a blast file: the data host plus the file's path. downloadPath
 * is relative to the data service base URL (e.g. 'shared-blasts/12/file').
 */
export function blastFileAddress(downloadPath: string, dataApiUrl: string = config.dataApiUrl) {
  const base = new URL(dataApiUrl.endsWith('/') ? dataApiUrl : `${dataApiUrl}/`);
  const url = new URL(downloadPath.replace(/^\/+/, ''), base);
  // Never an address on another host, whatever the path says.
  return url.origin === base.origin ? url.href : base.href;
}

/** GET {downloadPath} as a Blob, saved under the blast's file name (SPEC §3: .blst). */
export async function downloadBlastFile(
  downloadPath: string,
  fileName: string,
  options: { isAnonymous?: boolean } = {},
) {
  const blob = await dataApi.get<Blob>(downloadPath, undefined, {
    isFile: true,
    isAnonymous: options.isAnonymous,
  });
  saveBlob(blob, fileName.toLowerCase().endsWith('.blst') ? fileName : `${fileName}.blst`);
}
