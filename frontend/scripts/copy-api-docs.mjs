// Copies Swagger UI from npm into the built app for the gateway's /api/docs page (no CDN at run time).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const from = dirname(require.resolve('swagger-ui-dist/package.json'));
const to = join(process.cwd(), 'dist', 'api-docs');
mkdirSync(to, { recursive: true });
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
  copyFileSync(join(from, file), join(to, file));
}
