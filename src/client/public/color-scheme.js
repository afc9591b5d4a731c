// Runs before the first paint (a blocking script in index.html; the CSP allows no inline one): the colour scheme
// the client will choose (src/client/app/theme.ts), so no frame shows the other one. A stored choice under
// "darkMode" wins; without one the system's setting decides.
(() => {
  try {
    const stored = localStorage.getItem('darkMode');
    const dark = stored === 'true' || (stored !== 'false' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage blocked (a private window): the app's own code picks the scheme a moment later.
  }
})();
