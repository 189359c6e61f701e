const D = require('better-sqlite3');
const db = new D('/tmp/s1m/data/kwanza.sqlite', { readonly: true });
db.pragma('cache_size = -65536');
function t(label, q, p, raw) { const s = db.prepare(q); if (raw) s.raw(true); let r; for (let i = 0; i < 5; i++) r = s.all(...p); const n = 30; const t0 = performance.now(); for (let i = 0; i < n; i++) r = s.all(...p); console.log(((performance.now() - t0) / n).toFixed(2), 'ms', label, r.length); }
const q = `select "provider_verifications"."id" from "provider_verifications" inner join "provider_verifications_fts" as "text_matches" on text_matches.rowid = "provider_verifications"."id" where ("provider_verifications"."user_deleted_at" is null and "provider_verifications"."verification_status" = ? and 1 = 1) and "text_matches"."provider_verifications_fts" match ? order by text_matches.rowid limit ?`;
t('api', q, ['verified', '"santos"', 1001]);
t('api raw', q, ['verified', '"santos"', 1001], true);
t('count', `select count(*) from (${q})`, ['verified', '"santos"', 1001]);
t('pending', q, ['pending', '"santos"', 1001]);
t('rejected', q, ['rejected', '"santos"', 1001]);
console.log(db.prepare('select verification_status, count(*) n from provider_verifications group by 1').all());
console.log(db.prepare('explain query plan ' + q).all(['verified', '"santos"', 1001]).map(r => r.detail));
{
const s = db.prepare(q).pluck(); let r; for (let i = 0; i < 5; i++) r = s.all('verified', '"santos"', 1001);
let t0 = performance.now(); for (let i = 0; i < 30; i++) r = s.all('verified', '"santos"', 1001); console.log(((performance.now()-t0)/30).toFixed(2), 'pluck', r.length);
const j = db.prepare(`select json_group_array(id) from (${q})`).pluck(); for (let i = 0; i < 5; i++) r = JSON.parse(j.get('verified', '"santos"', 1001));
t0 = performance.now(); for (let i = 0; i < 30; i++) r = JSON.parse(j.get('verified', '"santos"', 1001)); console.log(((performance.now()-t0)/30).toFixed(2), 'json', r.length);
}
