import Database from 'better-sqlite3';
const db = new Database('/tmp/seed1m/data/kwanza.sqlite', { readonly: true });
const time = (label, sqlText, ...p) => { const st = db.prepare(sqlText); let r; for (let i=0;i<3;i++){ const t=performance.now(); r = st.all(...p); if(i==2) console.log(label, (performance.now()-t).toFixed(2),'ms', r.length);} console.log(db.prepare('explain query plan '+sqlText).all(...p).map(r=>'   '+r.detail).join('\n')) };
console.log(db.prepare(`select count(*) c from disputes_fts where disputes_fts match '"retard"'`).get(), db.prepare("select count(*) c from disputes").get());
time('page index', `select id from disputes where (id in (select rowid from disputes_fts where disputes_fts match '"retard"') or id in (select rowid from dispute_parties_fts where dispute_parties_fts match '"retard"')) order by created_at desc, id desc limit 20`);
time('page scan', `select id from disputes where (search_text like '%retard%' or party_text like '%retard%') order by created_at desc, id desc limit 20`);
time('count scan', `select status, count(*) from (select status from disputes where (search_text like '%retard%' or party_text like '%retard%') limit 1001) group by status`);
time('count index', `select status, count(*) from (select status from disputes where (id in (select rowid from disputes_fts where disputes_fts match '"retard"') or id in (select rowid from dispute_parties_fts where dispute_parties_fts match '"retard"')) limit 1001) group by status`);
