// A client typed by the served description alone: openapi-typescript
// turns /v2/openapi.json into build/api.d.ts, `tsc --strict` compiles
// this file against it (a field read here that the description does not
// promise, or a body it does not accept, fails the compile), and
// t/api/test_typed_client.py runs the result against the server.
//
//   node build/client.mjs BASE_URL API_KEY
import type { paths } from './build/api.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

// The JSON answer of an operation with status S.
type Answer<O, S extends number> = O extends {
  responses: { [K in S]: { content: { 'application/json': infer B } } };
} ? B : never;

// The JSON body an operation takes.
type Body<O> = O extends {
  requestBody?: { content: { 'application/json': infer B } };
} ? B : never;

// The error envelope every operation answers failures with.
type Failure<O> = O extends {
  responses: { default: { content: { 'application/json': infer B } } };
} ? B : never;

// Node's process, declared here instead of fetching @types/node.
declare const process: { argv: string[] };

const [base, key] = process.argv.slice(2);

async function send(method: string, path: string, status: number,
                    body?: unknown): Promise<unknown> {
  const r = await fetch(base + path, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== status) {
    throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text);
}

async function call<O, S extends number>(
  method: Uppercase<Method>, path: string, status: S, body?: Body<O>,
): Promise<Answer<O, S>> {
  return await send(method, path, status, body) as Answer<O, S>;
}

async function fail<O>(method: Uppercase<Method>, path: string,
                       status: number): Promise<Failure<O>> {
  return await send(method, path, status) as Failure<O>;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

const boards = await call<Op<'/v2/boards', 'get'>, 200>(
  'GET', '/v2/boards', 200);
const boardId: string = boards[0].id;

const created = await call<Op<'/v2/posts', 'post'>, 201>(
  'POST', '/v2/posts', 201,
  { title: 'Typed from the description', boardId,
    content: 'Made by a client generated from /v2/openapi.json.' });
const title: string = created.title;
check(title === 'Typed from the description', 'the created title');

const read = await call<Op<'/v2/posts/{id}', 'get'>, 200>(
  'GET', `/v2/posts/${created.id}`, 200);
const upvotes: number = read.upvotes;
check(read.id === created.id && upvotes >= 0, 'the post read back');

const page = await call<Op<'/v2/posts', 'get'>, 200>(
  'GET', '/v2/posts?limit=1', 200);
const next: string | null = page.nextCursor;
check(page.data.length === 1 && (next === null || next.length > 0),
      'a page of posts');

const missing = await fail<Op<'/v2/posts/{id}', 'get'>>(
  'GET', '/v2/posts/000000000000000000000000', 404);
const code: string = missing.error.code;
check(code.endsWith('not_found'), 'the error envelope');

console.log(`ok typed client: post ${created.id}, error ${code}`);
