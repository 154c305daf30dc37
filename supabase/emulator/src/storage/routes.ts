/**
 * `/storage/v1`: the storage-api surface that @supabase/storage-js calls. Paths are matched by hand
 * on the raw (still percent-encoded) path, so an object name can hold any character storage-api
 * allows, including ones a router would decode or split on; see object-key.ts for what is refused.
 */
import { Hono, type Context } from 'hono';
import type { EmulatorContext } from '../context';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './bucket-handlers';
import { StorageError } from './errors';
import {
  copyObject,
  downloadObject,
  downloadPublicObject,
  listObjects,
  moveObject,
  objectInfo,
  removeObject,
  removeObjects,
} from './object-handlers';
import {
  downloadSignedObject,
  signObjectUrl,
  signObjectUrls,
  signUploadUrl,
  uploadToSignedUrl,
} from './signed-urls';
import { uploadObject } from './upload-handler';
import { storagePath } from './object-key';
import { createStorageService, STORAGE_MOUNT, type StorageService } from './service';

type Handler = (svc: StorageService, c: Context, rest: string) => Promise<Response>;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Matches the path exactly, or as a prefix when it ends with `/` (the rest goes to the handler). */
  path: string;
  handler: Handler;
}

// First match wins: the fixed prefixes come before `/object/` + bucket.
const ROUTES: Route[] = [
  { method: 'GET', path: '/bucket', handler: (s, c) => listBuckets(s, c) },
  { method: 'POST', path: '/bucket', handler: (s, c) => createBucket(s, c) },
  { method: 'GET', path: '/bucket/', handler: getBucket },
  { method: 'PUT', path: '/bucket/', handler: updateBucket },
  { method: 'DELETE', path: '/bucket/', handler: deleteBucket },
  { method: 'POST', path: '/object/list/', handler: listObjects },
  { method: 'POST', path: '/object/move', handler: (s, c) => moveObject(s, c) },
  { method: 'POST', path: '/object/copy', handler: (s, c) => copyObject(s, c) },
  { method: 'POST', path: '/object/upload/sign/', handler: signUploadUrl },
  { method: 'PUT', path: '/object/upload/sign/', handler: uploadToSignedUrl },
  {
    method: 'POST',
    path: '/object/sign/',
    handler: (s, c, r) => (r.includes('/') ? signObjectUrl(s, c, r) : signObjectUrls(s, c, r)),
  },
  { method: 'GET', path: '/object/sign/', handler: downloadSignedObject },
  { method: 'GET', path: '/object/info/public/', handler: (s, c, r) => objectInfo(s, c, r, true) },
  { method: 'GET', path: '/object/info/authenticated/', handler: (s, c, r) => objectInfo(s, c, r, false) },
  { method: 'GET', path: '/object/info/', handler: (s, c, r) => objectInfo(s, c, r, false) },
  { method: 'GET', path: '/object/public/', handler: downloadPublicObject },
  { method: 'GET', path: '/object/authenticated/', handler: downloadObject },
  { method: 'GET', path: '/object/', handler: downloadObject },
  { method: 'POST', path: '/object/', handler: (s, c, r) => uploadObject(s, c, r, 'POST') },
  { method: 'PUT', path: '/object/', handler: (s, c, r) => uploadObject(s, c, r, 'PUT') },
  {
    method: 'DELETE',
    path: '/object/',
    handler: (s, c, r) => (r.includes('/') ? removeObject(s, c, r) : removeObjects(s, c, r)),
  },
];

function match(method: string, path: string): { route: Route; rest: string } | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of ROUTES) {
    if (route.method !== wanted) continue;
    if (route.path.endsWith('/') ? path.startsWith(route.path) : path === route.path) {
      return { route, rest: path.slice(route.path.length) };
    }
  }
  return null;
}

export function storageRoutes(ctx: EmulatorContext): Hono {
  const svc = createStorageService(ctx);
  const app = new Hono();
  app.all('*', (c) =>
    svc.handle(c, async () => {
      const path = storagePath(c.req.url, STORAGE_MOUNT);
      // POST /bucket/{id}/empty is the one bucket route with a suffix.
      const empty = c.req.method === 'POST' ? /^\/bucket\/([^/]+)\/empty$/.exec(path) : null;
      if (empty?.[1]) return emptyBucket(svc, c, empty[1]);
      const found = match(c.req.method, path);
      if (!found) {
        const message = `Route ${c.req.method}:${STORAGE_MOUNT}${path} not found`;
        throw new StorageError(404, 'NotFound', message, 'Not Found', 404);
      }
      return found.route.handler(svc, c, found.rest);
    }),
  );
  return app;
}
