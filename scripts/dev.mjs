// npm run dev: the API with reload on change, and Vite's dev server (proxying /api) side by side.
import { run } from './lib.mjs';

const api = run('npx', ['tsx', 'watch', 'apps/api/src/server.ts']);
const web = run('npm', ['run', 'dev', '-w', '@grove/web']);
process.exit(Math.max(await api, await web));
