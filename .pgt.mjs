import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const db = new PGlite();
await db.waitReady; console.log('mem init', Date.now()-t);
await db.exec('create table t(id int primary key, v text); insert into t select g, md5(g::text) from generate_series(1,10000) g;');
t=Date.now();
const blob = await db.dumpDataDir('none'); console.log('dump', Date.now()-t, blob.size);
t=Date.now();
const db2 = new PGlite({loadDataDir: blob}); await db2.waitReady; console.log('load', Date.now()-t, (await db2.query('select count(*) from t')).rows);
