import Database from 'better-sqlite3';
const db = new Database('/tmp/seed1m/data/kwanza.sqlite', { readonly: true });
const time = (label, sqlText, ...p) => { const st = db.prepare(sqlText); let r; for (let i=0;i<3;i++){ const t=performance.now(); r = st.all(...p); if(i==2) console.log(label, (performance.now()-t).toFixed(2),'ms', r.length);} console.log(db.prepare('explain query plan '+sqlText).all(...p).map(r=>'   '+r.detail).join('\n')) };
console.log(db.prepare("select count(*) c from projects").get(), db.prepare("select count(*) c from projects where category_id = 3").get());
time('walk', "select id from projects where search_text like '%site%' and category_id = 3 limit 1001");
time('fts drive', `select p.id from projects_fts m join projects p on p.id = m.rowid where projects_fts match '"site"' and p.category_id = 3 order by m.rowid desc limit 1001`);
time('in fts', `select p.id from projects p where p.id in (select rowid from projects_fts where projects_fts match '"site"') and p.category_id = 3 limit 1001`);
time('fts count all', `select count(*) from projects_fts where projects_fts match '"site"'`);
