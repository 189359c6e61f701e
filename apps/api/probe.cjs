const D = require('better-sqlite3');
const db = new D('/tmp/s1m/data/kwanza.sqlite', { readonly: true });
db.pragma('cache_size = -65536');
function t(label, q, ...p) { const s = db.prepare(q); let r; for (let i = 0; i < 5; i++) r = s.all(...p); const n = 30; const t0 = performance.now(); for (let i = 0; i < n; i++) r = s.all(...p); console.log(((performance.now() - t0) / n).toFixed(2), 'ms', label, JSON.stringify(r).slice(0, 80)); }
for (const q of process.argv.slice(2)) t(q.slice(0, 60), q);
