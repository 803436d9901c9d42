/** Saves `blob` as a file named `filename` through a temporary link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
