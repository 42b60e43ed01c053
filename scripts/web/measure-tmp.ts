import { buildWeb, routeDownload } from './bundle-size';
const out = '/work/main/dist/measure-web';
const manifest = await buildWeb(out);
for (const route of ['/auth', '/admin/products']) console.log(route, (routeDownload(out, manifest, route).jsGzipBytes / 1024).toFixed(1));
