/**
 * Hands a file made of string chunks to the browser as a download. The chunks become Blob
 * parts, so the file is never one string in memory.
 */
export function downloadChunks(fileName: string, chunks: BlobPart[]): void {
  const blob = new Blob(chunks, { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
