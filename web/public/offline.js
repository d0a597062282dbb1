// Wires the offline page's button. An external file because the Content-Security-Policy
// forbids inline scripts.
document.getElementById('retry')?.addEventListener('click', () => {
  window.location.reload();
});
// Coming back online is the moment the reload will work: do it for the visitor.
window.addEventListener('online', () => {
  window.location.reload();
});
