// The theme before the first paint: the saved choice, else the system's (the app keeps it up to date).
// A file rather than an inline script, so that the page's Content-Security-Policy allows no inline script.
try {
  const saved = localStorage.getItem('irplay.theme');
  const dark = saved ? saved === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
} catch (e) { /* storage blocked: the light theme until the app starts */ }
