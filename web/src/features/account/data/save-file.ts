/** Saves `blob` as a file named `fileName` through the browser's download (an <a download> clicked). */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download keeps its own copy of the blob once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
