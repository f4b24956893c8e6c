// Every key in the English catalogs exists in Spanish and the other way round, with no empty text.
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../packages/i18n/src/', import.meta.url).pathname;
const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
let problems = 0;
for (const file of readdirSync(`${dir}en`)) {
  const en = new Map(flat(JSON.parse(readFileSync(`${dir}en/${file}`, 'utf8'))));
  const es = new Map(flat(JSON.parse(readFileSync(`${dir}es/${file}`, 'utf8'))));
  const report = (message) => {
    problems++;
    console.error(message);
  };
  for (const key of en.keys()) if (!es.has(key)) report(`es/${file} lacks ${key}`);
  for (const key of es.keys()) if (!en.has(key)) report(`en/${file} lacks ${key}`);
  for (const [key, value] of [...en, ...es]) if (value === '') report(`${file}: ${key} is empty`);
}
if (problems) process.exit(1);
console.log('i18n: en and es have the same keys');
