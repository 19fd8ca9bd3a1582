/**
 * Hands a signed download URL to the browser. A hidden link with `download` rather than a
 * navigation: the file arrives as an attachment and the hub stays on screen, and should the
 * URL answer an error the browser reports a failed download instead of leaving the page.
 */
export function startBrowserDownload(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}
