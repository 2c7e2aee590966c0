/** Saves a file the server made (the admin's lists, Download my data) under `filename`. */
export function downloadFile(file: Blob, filename: string) {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
