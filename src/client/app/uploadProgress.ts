import type { Post } from './api';

/**
 * A POST by XMLHttpRequest, whose upload tells `onProgress` the share of the body sent (0 to 1) as it goes out;
 * its answer is read as fetch's would be. For `upload(…, { post: postWithProgress(onProgress) })`.
 */
export const postWithProgress =
  (onProgress: (fraction: number) => void): Post =>
  (url, { headers, body, signal }) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const request = new XMLHttpRequest();
      request.open('POST', url);
      request.withCredentials = true;
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      request.onload = () => {
        // Only a final answer has a body worth reading; anything else is treated as no answer at all.
        if (request.status < 200) return reject(new TypeError('No answer'));
        onProgress(1);
        const empty = [204, 205, 304].includes(request.status);
        resolve(new Response(empty ? null : request.responseText, { status: request.status }));
      };
      request.onerror = () => reject(new TypeError('Network error'));
      request.ontimeout = () => reject(new TypeError('Timed out'));
      request.onabort = () => reject(signal?.reason ?? new DOMException('The upload was stopped', 'AbortError'));
      signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(body);
    });
