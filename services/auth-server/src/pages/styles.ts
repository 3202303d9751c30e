/** The one stylesheet of the pages, served at /auth/assets/kurz.css (no inline styles: strict CSP). */
export const STYLESHEET = `
:root {
  --ink: #14161f; --muted: #5b6070; --line: #e3e5ec; --bg: #f6f7fb; --card: #fff;
  --brand: #4f46e5; --brand-ink: #fff; --brand-dark: #3730a3; --danger: #b42318; --ok: #067647;
  --radius: 12px; font-size: 16px;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: var(--bg); line-height: 1.5; }
a { color: var(--brand); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
header.top { display: flex; align-items: center; justify-content: space-between; padding: .9rem 1.5rem;
  background: var(--card); border-bottom: 1px solid var(--line); }
.logo { font-weight: 800; font-size: 1.25rem; letter-spacing: -.02em; color: var(--ink); text-decoration: none; }
.logo span { color: var(--brand); }
nav.account-nav { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
nav.account-nav a { text-decoration: none; color: var(--muted); font-weight: 500; }
nav.account-nav a[aria-current="page"] { color: var(--ink); }
main { max-width: 46rem; margin: 2.5rem auto; padding: 0 1rem; }
main.narrow { max-width: 27rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 2rem;
  box-shadow: 0 1px 2px rgba(20,22,31,.04); margin-bottom: 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; letter-spacing: -.01em; }
h2 { font-size: 1.15rem; margin: 0 0 1rem; }
p.lead { color: var(--muted); margin: 0 0 1.5rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
input[type=email], input[type=password], input[type=text] { width: 100%; padding: .7rem .8rem; font-size: 1rem;
  border: 1px solid #c9ccd6; border-radius: 8px; background: #fff; }
input[aria-invalid=true] { border-color: var(--danger); }
.field-error { color: var(--danger); font-size: .9rem; margin: .3rem 0 0; }
.hint { color: var(--muted); font-size: .9rem; margin: .3rem 0 0; }
button, .button { display: inline-block; border: 0; border-radius: 8px; padding: .7rem 1.2rem; font-size: 1rem;
  font-weight: 600; cursor: pointer; background: var(--brand); color: var(--brand-ink); text-decoration: none; }
button:hover { background: var(--brand-dark); }
button.secondary { background: #eceef4; color: var(--ink); } button.secondary:hover { background: #dfe2ea; }
button.danger { background: #fff; color: var(--danger); border: 1px solid #f0c2bd; padding: .45rem .8rem; font-size: .9rem; }
button.link { background: none; color: var(--muted); padding: 0; font-weight: 500; }
.full { width: 100%; margin-top: 1.5rem; }
.alert { border-radius: 8px; padding: .8rem 1rem; margin: 0 0 1rem; }
.alert.error { background: #fef3f2; color: var(--danger); border: 1px solid #fecdca; }
.alert.success { background: #ecfdf3; color: var(--ok); border: 1px solid #abefc6; }
.muted { color: var(--muted); }
.switch { text-align: center; color: var(--muted); margin-top: 1.25rem; }
.app-badge { display: flex; gap: .9rem; align-items: center; margin-bottom: 1.25rem; }
.app-badge .icon { width: 3rem; height: 3rem; border-radius: 12px; background: #eef2ff; color: var(--brand);
  display: grid; place-items: center; font-weight: 800; font-size: 1.3rem; }
ul.scopes { list-style: none; padding: 0; margin: 0 0 1.5rem; border: 1px solid var(--line); border-radius: 8px; }
ul.scopes li { padding: .7rem 1rem; border-top: 1px solid var(--line); }
ul.scopes li:first-child { border-top: 0; }
ul.scopes code, td code { font-size: .8rem; color: var(--muted); }
.actions { display: flex; gap: .75rem; justify-content: flex-end; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .6rem .4rem; border-top: 1px solid var(--line); vertical-align: top; }
th { font-size: .85rem; color: var(--muted); font-weight: 600; border-top: 0; }
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: .5rem 1rem 1rem; margin: 1rem 0 0; }
legend { font-weight: 600; padding: 0 .3rem; }
.checks { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: .2rem 1rem; }
.checks label { font-weight: 400; margin: .3rem 0; display: flex; gap: .5rem; align-items: baseline; }
.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; background: #f4f4f8;
  padding: .8rem; border-radius: 8px; border: 1px dashed #c9ccd6; }
.plan { display: inline-block; background: #eef2ff; color: var(--brand-dark); border-radius: 999px; padding: .1rem .7rem;
  font-weight: 700; font-size: .9rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1.5rem; margin: 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
footer { text-align: center; color: var(--muted); font-size: .85rem; margin: 2rem 0; }
`;
