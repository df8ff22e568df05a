import { KnowledgeError } from './knowledgeError.ts';

/**
 * PUTs a file to a signed upload URL with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not, and supabase-js uploads through fetch). The signed URL carries the
 * authorisation, so no header but the content type is needed.
 */
export function uploadWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      reject(new KnowledgeError('uploadFailed', { status: statusText(xhr) }));
    };
    xhr.onerror = () => reject(new KnowledgeError('network'));
    xhr.onabort = () => reject(new KnowledgeError('network'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Storage answers `{message}` on errors; fall back to the HTTP status line. */
function statusText(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return xhr.statusText || String(xhr.status);
}
