/** Saves a file made in the page (an export, a certificate) under its name, as a download the browser shows. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the URL can go once the browser has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
