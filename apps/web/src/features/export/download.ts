/** Saves `data` as a file named `fileName` through a temporary link (the browser's download). */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the link; the URL is released once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
