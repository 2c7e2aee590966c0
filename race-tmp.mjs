const O = 'http://127.0.0.1:18888';
const email = 'admin@example.test';
const key = 'demo-key';
await fetch(`${O}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret-pass', returnSecureToken: true }) });
const tok = (await (await fetch(`${O}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret-pass', returnSecureToken: true }) })).json()).idToken;
const auth = { Authorization: `Bearer ${tok}`, 'content-type': 'application/json' };
let stop = false; let bg = 0;
const background = (async () => { while (!stop) { await fetch(`${O}/api/database/editors`).then((r) => r.text()); bg++; } })();
const background2 = (async () => { while (!stop) { await fetch(`${O}/api/database/editors`).then((r) => r.text()); } })();
let misses = 0;
for (let i = 0; i < 150; i++) {
  const name = `Race Editor ${Date.now()} ${i}`;
  const res = await fetch(`${O}/api/database/editors`, { method: 'POST', headers: auth, body: JSON.stringify({ name, image: '', college: 'X', major: 'Y', sat: '', gpa: '', ecs: '', strengths: '', slotsOpen: 1, totalSlots: 5, featured: { home: false, about: false } }) });
  if (res.status !== 201) { console.log('POST', res.status, await res.text()); continue; }
  const { id } = await res.json();
  const list = await (await fetch(`${O}/api/database/editors?fresh=${Date.now()}`)).json();
  if (!list.some((e) => e.id === id)) { misses++; console.log('MISS fresh', i, id); }
  const plain = await (await fetch(`${O}/api/database/editors`)).json();
  if (!plain.some((e) => e.id === id)) { console.log('MISS plain', i, id); }
  await fetch(`${O}/api/database/editors/${id}`, { method: 'DELETE', headers: auth });
}
stop = true; await background; await background2;
console.log('done misses', misses, 'bg', bg);
