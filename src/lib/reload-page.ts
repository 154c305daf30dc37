/** Reloads the page. One seam, so tests can observe a reload that jsdom cannot perform. */
export function reloadPage(): void {
  window.location.reload();
}
