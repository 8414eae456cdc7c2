// Applies the remembered theme before the first paint (a separate file: the server's CSP allows no
// inline script), so a dark page never flashes white.
try {
  var t = localStorage.getItem('ledgerscope.theme') || 'system';
  if (t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches))
    document.documentElement.classList.add('dark');
} catch {
  // storage unavailable (private mode, blocked cookies): the system theme applies
}
