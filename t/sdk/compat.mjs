// The hosted API's official client library (featurebase-node), unchanged,
// against this server: every operation the server has, through the
// library's own methods, auto-pagination and error classes.
//
//   node t/sdk/compat.mjs BASE_URL API_KEY [ANSWERS_LOG]
//
// With ANSWERS_LOG, every answer the library receives is written there
// (one JSON line: method, url, status, content type, body) for
// t/api/test_sdk.py to hold against the served OpenAPI description.
// The organization must be pinned to 2026-01-01.nova (the version the
// library is made for; it sends no version header).  Prints one line per
// step ("ok NAME" or "FAIL NAME: why") and exits 1 when a step failed.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import Featurebase from 'featurebase-node';

const [baseURL, apiKey, answersLog] = process.argv.slice(2);

// The library's own fetch, watched: the answer is read from a clone.
async function watchedFetch(url, init) {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.clone().arrayBuffer());
  appendFileSync(answersLog, JSON.stringify({
    method: init?.method ?? 'GET', url: String(url),
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: body.toString('base64'),
  }) + '\n');
  return response;
}

const fb = new Featurebase({
  apiKey, baseURL, maxRetries: 0,
  ...(answersLog ? { fetch: watchedFetch } : {}),
});
const tag = Math.random().toString(16).slice(2, 8);
let failed = 0;

async function step(name, fn) {
  try {
    const value = await fn();
    console.log(`ok ${name}`);
    return value;
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.status ?? ''} ${e.message ?? e}`.slice(0, 400));
    return undefined;
  }
}

async function all(page) {
  const out = [];
  for await (const item of page) out.push(item);
  return out;
}

// --- what an import brought (t/api/test_import.py): FB_SDK_EXPECT names
// a JSON file of the ids each list must show, read through the library
// (all its pages) before the steps below add their own objects.
if (process.env.FB_SDK_EXPECT) {
  const expected = JSON.parse(readFileSync(process.env.FB_SDK_EXPECT, 'utf8'));
  const lists = {
    boards: () => fb.feedback.boards.list(),
    posts: () => all(fb.feedback.posts.list({ limit: 100 })),
    comments: () => all(fb.feedback.comments.list({ limit: 100 })),
    collections: () => all(fb.helpCenter.collections.list({ limit: 100 })),
    articles: () => all(fb.helpCenter.articles.list({ limit: 100 })),
  };
  for (const [name, ids] of Object.entries(expected)) {
    await step(`the imported ${name} are listed`, async () => {
      const seen = new Set((await lists[name]()).map((x) => x.id));
      assert.ok(ids.length > 0);
      assert.deepEqual(ids.filter((id) => !seen.has(id)), []);
    });
  }
}

// --- the organization: boards, statuses, fields, admins, teams, brands
const boards = await step('feedback.boards.list', async () => {
  const list = await fb.feedback.boards.list();
  assert.ok(Array.isArray(list) && list.length > 0);
  return list;
});
const board = boards?.[0];
await step('feedback.boards.retrieve', async () => {
  assert.equal((await fb.feedback.boards.retrieve(board.id)).id, board.id);
});
const statuses = await step('feedback.postStatuses.list', async () => {
  const list = await fb.feedback.postStatuses.list();
  assert.ok(list.length > 0);
  return list;
});
await step('feedback.postStatuses.retrieve', async () => {
  const s = await fb.feedback.postStatuses.retrieve(statuses[0].id);
  assert.equal(s.id, statuses[0].id);
});
await step('feedback.customFields.list', () => fb.feedback.customFields.list());
await step('organization.admins.list/retrieve/listRoles', async () => {
  const admins = await fb.organization.admins.list();
  const first = admins.data ?? admins;
  assert.ok(first.length > 0);
  assert.equal((await fb.organization.admins.retrieve(first[0].id)).id,
               first[0].id);
  await fb.organization.admins.listRoles();
});
await step('organization.teams.list/retrieve', async () => {
  const teams = await fb.organization.teams.list();
  const list = teams.data ?? teams;
  for (const t of list.slice(0, 1)) {
    assert.equal((await fb.organization.teams.retrieve(t.id)).id, t.id);
  }
  await assert.rejects(fb.organization.teams.retrieve('0'.repeat(24)),
                       (e) => e instanceof Featurebase.NotFoundError);
});
await step('organization.brands.list/retrieve', async () => {
  const brands = await all(fb.organization.brands.list());
  assert.ok(brands.length > 0);
  assert.equal((await fb.organization.brands.retrieve(brands[0].id)).id,
               brands[0].id);
});

// --- posts, with auto-pagination across cursor pages
const made = [];
for (let i = 0; i < 5; i++) {
  made.push(await step(`feedback.posts.create ${i}`, async () => {
    const p = await fb.feedback.posts.create({
      title: `SDK ${tag} ${i}`, boardId: board.id, content: '<p>Hi</p>',
      tags: [`sdk-${tag}`],
    });
    assert.equal(p.title, `SDK ${tag} ${i}`);
    return p;
  }));
}
const post = made[0];
await step('feedback.posts.list pages through every post once', async () => {
  const seen = (await all(fb.feedback.posts.list({ limit: 2, tags: [`sdk-${tag}`] })))
    .map((p) => p.id);
  assert.deepEqual([...seen].sort(), made.map((p) => p.id).sort());
});
await step('feedback.posts.list with every filter and sort', async () => {
  const ids = made.map((p) => p.id).sort();
  for (const sortBy of ['createdAt', 'upvotes', 'trending', 'recent']) {
    const seen = (await all(fb.feedback.posts.list({
      limit: 2, sortBy, sortOrder: 'asc', boardId: [board.id],
      statusId: statuses.map((s) => s.id), tags: [`sdk-${tag}`],
      inReview: false,
    }))).map((p) => p.id);
    assert.deepEqual([...seen].sort(), ids, sortBy);
  }
  const found = await all(fb.feedback.posts.list({ q: `SDK ${tag}` }));
  assert.ok(found.length >= 1);
});
await step('feedback.posts.retrieve/update', async () => {
  assert.equal((await fb.feedback.posts.retrieve(post.id)).id, post.id);
  const u = await fb.feedback.posts.update(post.id, {
    title: `SDK ${tag} renamed`, statusId: statuses[statuses.length - 1].id,
  });
  assert.equal(u.title, `SDK ${tag} renamed`);
});
await step('feedback.posts.voters add/list/remove', async () => {
  const email = `voter-${tag}@sdk.example`;
  await fb.feedback.posts.voters.add(post.id, { email, name: 'Voter' });
  const voters = await all(fb.feedback.posts.voters.list(post.id));
  assert.ok(voters.some((v) => v.email === email));
  await fb.feedback.posts.voters.remove(post.id, { email });
  const after = await all(fb.feedback.posts.voters.list(post.id));
  assert.ok(!after.some((v) => v.email === email));
});

await step('feedback.posts.search (filter and search modes)', async () => {
  const mine = { field: 'boardId', operator: 'IN', value: [board.id] };
  const ids = made.map((p) => p.id).sort();
  // Filter mode, walked a row a page by nextCursor, in two sorts.
  for (const sort of ['createdAt:asc', 'upvotes:desc', 'comment_count:asc']) {
    const seen = [];
    let cursor;
    for (;;) {
      const page = await fb.feedback.posts.search({
        query: { operator: 'AND', value: [mine,
          { field: 'createdAt', operator: '>', value: 0 }] },
        sort, limit: 2, ...(cursor ? { cursor } : {}),
      });
      assert.equal(page.object, 'list');
      assert.equal(typeof page.totalCount, 'number');
      seen.push(...page.data.map((x) => x.id));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    for (const id of ids) assert.ok(seen.includes(id), sort);
  }
  // The rows are the GET's.
  const one = await fb.feedback.posts.search({
    query: { field: 'boardId', operator: '=', value: board.id }, limit: 1,
  });
  assert.deepEqual(one.data[0],
                   await fb.feedback.posts.retrieve(one.data[0].id));
  // Search mode: the words of the titles, ranked.
  const hits = await fb.feedback.posts.search({ search: `SDK ${tag}`,
                                               query: mine });
  assert.ok(hits.data.some((x) => x.id === post.id));
  await assert.rejects(fb.feedback.posts.search({
    search: 'sdk', cursor: one.nextCursor,
  }), (e) => e instanceof Featurebase.BadRequestError
    && e.error?.error?.code === 'invalid_cursor');
  await assert.rejects(fb.feedback.posts.search({
    query: { field: 'statusId', operator: 'NIN', value: ['0'.repeat(24)] },
  }), (e) => e instanceof Featurebase.BadRequestError
    && e.error?.error?.code === 'query_too_broad');
});

// --- comments
await step('feedback.comments create/retrieve/update/list/delete', async () => {
  const c = await fb.feedback.comments.create({ postId: post.id, content: '<p>Nice</p>' });
  assert.equal((await fb.feedback.comments.retrieve(c.id)).id, c.id);
  const u = await fb.feedback.comments.update(c.id, { content: '<p>Nicer</p>' });
  assert.match(u.content, /Nicer/);
  const reply = await fb.feedback.comments.create({
    postId: post.id, parentCommentId: c.id, content: '<p>Agreed</p>',
  });
  const list = await all(fb.feedback.comments.list({ postId: post.id }));
  assert.ok(list.some((x) => x.id === c.id));
  for (const sortBy of ['best', 'top', 'new', 'old']) {
    const sorted = await all(fb.feedback.comments.list({
      postId: post.id, sortBy, privacy: 'all', inReview: false,
    }));
    assert.ok(sorted.some((x) => x.id === c.id), sortBy);
  }
  await fb.feedback.comments.delete0(reply.id);
  const other = await fb.feedback.comments.create({ postId: post.id, content: '<p>Bye</p>' });
  await fb.feedback.comments.delete1({ id: other.id });
});

await step('feedback.comments.search (filter and search modes)', async () => {
  const c = await fb.feedback.comments.create({
    postId: post.id, content: `<p>Searchable ${tag}</p>`,
  });
  const page = await fb.feedback.comments.search({
    query: { field: 'postId', operator: '=', value: post.id },
    sort: 'createdAt:asc', limit: 1,
  });
  assert.equal(page.object, 'list');
  assert.ok(page.totalCount >= 1);
  const next = await fb.feedback.comments.search({
    query: { field: 'postId', operator: '=', value: post.id },
    sort: 'createdAt:asc', limit: 1, cursor: page.nextCursor,
  });
  assert.notEqual(next.data[0].id, page.data[0].id);
  const hits = await fb.feedback.comments.search({ search: `searchable ${tag}` });
  assert.deepEqual(hits.data.map((x) => x.id), [c.id]);
  assert.deepEqual(hits.data[0], await fb.feedback.comments.retrieve(c.id));
  const best = await fb.feedback.comments.search({ sort: 'confidenceScore:desc' });
  assert.ok(best.data.length >= 1);
  await fb.feedback.comments.delete0(c.id);
});

// --- changelogs and subscribers
await step('changelogs create/retrieve/update/publish/list/unpublish/delete', async () => {
  const c = await fb.changelogs.create({ title: `Release ${tag}`, htmlContent: '<p>New</p>' });
  assert.equal((await fb.changelogs.retrieve(c.id)).id, c.id);
  await fb.changelogs.update(c.id, { title: `Release ${tag} final` });
  assert.equal((await fb.changelogs.publish(c.id, {})).state, 'published');
  const live = await all(fb.changelogs.list());
  assert.ok(live.some((x) => x.id === c.id));
  const filtered = await all(fb.changelogs.list({
    state: 'all', locale: 'en', sortBy: 'date', sortOrder: 'asc',
    q: `Release ${tag}`,
  }));
  assert.ok(filtered.some((x) => x.id === c.id));
  assert.equal((await fb.changelogs.unpublish(c.id, {})).state, 'unpublished');
  await fb.changelogs.delete(c.id);
});
await step('changelogs.subscribers add/remove', async () => {
  const emails = [`sub-${tag}@sdk.example`];
  await fb.changelogs.subscribers.add({ emails });
  await fb.changelogs.subscribers.remove({ emails });
});

// --- contacts and companies
await step('users.contacts and users.companies', async () => {
  const userId = `sdk-${tag}`;
  const contact = await fb.users.contacts.createOrUpdate({
    userId, email: `${userId}@sdk.example`, name: 'SDK User',
  });
  assert.equal((await fb.users.contacts.retrieve(contact.id)).id, contact.id);
  assert.equal((await fb.users.contacts.byUserID.retrieve(userId)).id, contact.id);
  assert.ok((await all(fb.users.contacts.list({ contactType: 'customer' })))
    .some((x) => x.id === contact.id));
  await fb.users.contacts.block(contact.id);
  await fb.users.contacts.unblock(contact.id);
  await fb.users.contacts.emailPreferences.retrieve(contact.id);
  await fb.users.contacts.emailPreferences.update(contact.id, {
    preferences: { postUpdates: 'unsubscribed' },
  });
  const co = await fb.users.companies.createOrUpdate({ companyId: `co-${tag}`, name: 'SDK Co' });
  assert.equal((await fb.users.companies.retrieve(co.id)).id, co.id);
  assert.ok((await all(fb.users.companies.list())).some((x) => x.id === co.id));
  await fb.users.companies.contacts.attach(co.id, { contactId: contact.id });
  const members = await all(fb.users.companies.contacts.list(co.id));
  assert.ok(members.some((x) => x.id === contact.id));
  await fb.users.companies.contacts.remove(contact.id, { id: co.id });
  await fb.users.companies.delete(co.id);
  await fb.users.contacts.delete(contact.id);
  // The deletes by the caller's own ids.
  const other = await fb.users.companies.createOrUpdate({
    companyId: `co2-${tag}`, name: 'SDK Co 2' });
  const gone = await fb.users.companies.deleteByCompanyID(`co2-${tag}`);
  assert.equal(gone.id, other.id);
  assert.equal(gone.deleted, true);
  const byUser = await fb.users.contacts.createOrUpdate({
    userId: `${userId}-2`, email: `${userId}-2@sdk.example`, name: 'SDK 2' });
  const dropped = await fb.users.contacts.byUserID.delete(`${userId}-2`);
  assert.equal(dropped.id, byUser.id);
  await assert.rejects(fb.users.contacts.byUserID.retrieve(`${userId}-2`),
                       (e) => e instanceof Featurebase.NotFoundError);
});

await step('users.contacts.search and users.companies.search', async () => {
  const userId = `find-${tag}`;
  const contact = await fb.users.contacts.createOrUpdate({
    userId, email: `${userId}@sdk.example`, name: `Finder ${tag}`,
    companies: [{ id: `fco-${tag}`, name: `Found Co ${tag}`, monthlySpend: 42 }],
  });
  const people = await fb.users.contacts.search({
    query: { operator: 'AND', value: [
      { field: 'type', operator: '=', value: 'customer' },
      { field: 'name', operator: '~', value: `finder ${tag}` }] },
    sort: 'last_activity:desc',
  });
  assert.deepEqual(people.data.map((x) => x.id), [contact.id]);
  assert.deepEqual(people.data[0],
                   await fb.users.contacts.retrieve(contact.id));
  const companies = await fb.users.companies.search({
    query: { field: 'externalId', operator: 'IN', value: [`fco-${tag}`] },
    sort: 'monthlySpend:desc',
  });
  assert.equal(companies.data.length, 1);
  assert.equal(companies.data[0].companyId, `fco-${tag}`);
  assert.equal(companies.totalCount, 1);
  await assert.rejects(fb.users.companies.search({
    query: { field: 'plan', operator: '!=', value: 'free' },
  }), (e) => e instanceof Featurebase.BadRequestError
    && e.error?.error?.code === 'query_too_broad');
  await fb.users.companies.delete(companies.data[0].id);
  await fb.users.contacts.delete(contact.id);
});

// --- webhooks
await step('webhooks create/retrieve/update/list/refreshSecret/delete', async () => {
  const w = await fb.webhooks.create({
    name: 'SDK', url: 'https://hooks.example.com/sdk', topics: ['post.created'],
  });
  assert.match(w.secret, /^whsec_/);
  assert.equal((await fb.webhooks.retrieve(w.id)).id, w.id);
  assert.equal((await fb.webhooks.update(w.id, { status: 'paused' })).status, 'paused');
  assert.ok((await all(fb.webhooks.list({ status: 'paused' })))
    .some((x) => x.id === w.id));
  const r = await fb.webhooks.refreshSecret(w.id);
  assert.notEqual(r.secret, w.secret);
  await fb.webhooks.delete(w.id);
});

// --- conversation attribute definitions: made through the management
// extension (the library has no method for it: its own generic post and
// patch), read through conversationAttributes.list and retrieve.
const attribute = await step('conversationAttributes.list/retrieve',
                             async () => {
  const made = await fb.post('/v2/conversation_attributes', {
    body: { name: `Plan ${tag}`, fieldSubType: 'select',
            options: [{ label: 'Free' }, { label: 'Pro' }] },
  });
  const gone = await fb.post('/v2/conversation_attributes', {
    body: { name: `Old ${tag}`, fieldSubType: 'text' },
  });
  await fb.patch(`/v2/conversation_attributes/${gone.id}`,
                 { body: { archived: true } });
  const list = await fb.conversationAttributes.list();
  assert.equal(list.object, 'list');
  assert.equal(list.nextCursor, null);
  assert.ok(list.data.some((x) => x.id === made.id));
  assert.ok(!list.data.some((x) => x.id === gone.id));
  const all = await fb.conversationAttributes.list({ includeArchived: true });
  assert.ok(all.data.some((x) => x.id === gone.id && x.archived));
  const one = await fb.conversationAttributes.retrieve(made.id);
  assert.equal(one.object, 'conversation_attribute');
  assert.equal(one.fieldSubType, 'select');
  assert.equal(one.dataType, 'string');
  assert.deepEqual(one.options.map((o) => o.label), ['Free', 'Pro']);
  await assert.rejects(fb.conversationAttributes.retrieve('0'.repeat(24)),
                       (e) => e instanceof Featurebase.NotFoundError);
  return one;
});

// --- the audit log: the webhook's writes above, newest first, through
// the library's pagination and filters
await step('auditLogs.list', async () => {
  const since = new Date(Date.now() - 3600e3).toISOString();
  const hooks = await all(fb.auditLogs.list({
    domain: 'integrations', startDate: since, limit: 2,
  }));
  assert.deepEqual(hooks.slice(0, 4).map((e) => e.action), [
    'webhook.deleted', 'webhook.secret_rotated', 'webhook.updated',
    'webhook.created',
  ]);
  assert.equal(hooks[0].object, 'audit_log');
  assert.equal(hooks[0].actor.type, 'api_key');
  assert.ok(hooks[0].actor.apiKey.id);
  assert.equal(hooks[0].resource.type, 'webhook');
  assert.equal(hooks[0].resource.id, hooks[3].resource.id);
  const deleted = await all(fb.auditLogs.list({ action: 'webhook.deleted' }));
  assert.ok(deleted.length >= 1 && deleted.every((e) => e.action === 'webhook.deleted'));
  assert.equal((await all(fb.auditLogs.list({ endDate: '2000-01-01T00:00:00Z' }))).length, 0);
});

// --- the support inbox: conversations, parts, participants, tags
await step('support.conversations create/retrieve/list/reply/update', async () => {
  const contact = await fb.users.contacts.createOrUpdate({
    userId: `conv-${tag}`, email: `conv-${tag}@sdk.example`, name: 'Conv',
  });
  const me = (await fb.organization.admins.list());
  const adminId = (me.data ?? me)[0].id;
  const c = await fb.support.conversations.create({
    from: { type: 'contact', id: contact.id }, bodyMarkdown: 'Help **please**',
  });
  assert.equal(c.state, 'open');
  const got = await fb.support.conversations.retrieve(c.id);
  assert.equal(got.conversationParts.length, 1);
  const out = await fb.support.conversations.create({
    from: { type: 'admin', id: adminId }, channel: 'email', subject: 'Hello',
    bodyMarkdown: 'Reaching out', recipients: { to: { ids: [contact.id] } },
  });
  assert.equal(out.source.deliveredAs, 'admin_initiated');
  const seen = (await all(fb.support.conversations.list({ limit: 1 })))
    .map((x) => x.id);
  assert.ok(seen.includes(c.id) && seen.includes(out.id));
  const part = await fb.support.conversations.reply(c.id, {
    type: 'admin', id: adminId, bodyMarkdown: 'On it', messageType: 'reply',
  });
  assert.equal(part.partType, 'admin_msg');
  await fb.support.conversations.reply(c.id, {
    type: 'admin', id: adminId, bodyMarkdown: 'VIP', messageType: 'note',
  });
  await fb.support.conversations.reply(c.id, {
    type: 'contact', userId: `conv-${tag}`, bodyMarkdown: 'Thanks',
    messageType: 'reply',
  });
  const until = new Date(Date.now() + 3600e3).toISOString();
  const s = await fb.support.conversations.update(c.id, {
    actingAdminId: adminId, state: 'snoozed', snoozedUntil: until,
    adminAssigneeId: adminId, title: 'SDK',
    customAttributes: { [attribute.id]: 'Pro' },
    markAsRead: { allAdmins: true },
  });
  assert.equal(s.state, 'snoozed');
  // Keyed by the definition's id, the option stored by its id.
  assert.deepEqual(s.customAttributes,
                   { [attribute.id]: attribute.options[1].id });
  // include=customAttributeDefinitions: the value beside its definition,
  // in a read, a list (the library sends include comma-separated) and a
  // search.
  const expanded = (x) => x.customAttributeValues
    .find((v) => v.id === attribute.id);
  const want = { id: attribute.id, identifier: attribute.identifier,
                 name: attribute.name, dataType: 'string',
                 fieldSubType: 'select', options: attribute.options,
                 value: attribute.options[1].id };
  assert.deepEqual(expanded(await fb.support.conversations.retrieve(c.id, {
    include: ['customAttributeDefinitions'] })), want);
  const listed = (await all(fb.support.conversations.list({
    include: ['customAttributeDefinitions'] }))).find((x) => x.id === c.id);
  assert.deepEqual(expanded(listed), want);
  const searched = (await fb.support.conversations.search({
    query: { field: 'participantId', operator: '=', value: contact.id },
    include: ['customAttributeDefinitions'] }))
    .data.find((x) => x.id === c.id);
  assert.deepEqual(expanded(searched), want);
  assert.equal((await fb.support.conversations.retrieve(c.id))
    .customAttributeValues, undefined);
  await assert.rejects(fb.support.conversations.update(c.id, {
    customAttributes: { k: 'v' },
  }), (e) => e instanceof Featurebase.BadRequestError);
  assert.equal(s.adminAssigneeId, adminId);
  const o = await fb.support.conversations.update(c.id, {
    state: 'open', adminAssigneeId: null,
  });
  assert.equal(o.state, 'open');
  assert.equal(o.adminAssigneeId, null);
  const lead = await fb.users.contacts.createOrUpdate({
    email: `lead-${tag}@sdk.example`, name: 'Other',
  });
  const p = await fb.support.conversations.participants.add(c.id, {
    participant: { id: lead.id }, actingAdminId: adminId,
  });
  assert.ok(p.participants.some((x) => x.id === lead.id));
  const r = await fb.support.conversations.participants.remove(c.id, {
    id: lead.id,
  });
  assert.ok(!r.participants.some((x) => x.id === lead.id));
  const red = await fb.support.conversations.redact({
    type: 'conversation_part', conversationId: c.id,
    conversationPartId: part.id, actingAdminId: adminId,
  });
  assert.equal(red.id, c.id);
  const parts = (await fb.support.conversations.retrieve(c.id))
    .conversationParts;
  assert.equal(parts.find((x) => x.id === part.id).redacted, true);
  await fb.support.conversations.delete(out.id);
  await assert.rejects(fb.support.conversations.retrieve(out.id),
                       (e) => e instanceof Featurebase.NotFoundError);
  globalThis.sdkConversation = c.id;
  globalThis.sdkAdmin = adminId;
  globalThis.sdkContact = contact.id;
});
await step('support.conversations.search (filter and search modes)',
           async () => {
  const c = globalThis.sdkConversation;
  const mine = { field: 'participantId', operator: '=',
                 value: globalThis.sdkContact };
  // Filter mode, one row a page, walked by nextCursor.
  const seen = [];
  let page = await fb.support.conversations.search({
    query: { operator: 'AND', value: [mine,
      { field: 'state', operator: 'IN', value: ['open', 'snoozed'] }] },
    limit: 1,
  });
  assert.equal(page.object, 'list');
  assert.equal(typeof page.totalCount, 'number');
  for (;;) {
    seen.push(...page.data.map((x) => x.id));
    if (page.nextCursor === null) break;
    page = await fb.support.conversations.search({
      query: { operator: 'AND', value: [mine,
        { field: 'state', operator: 'IN', value: ['open', 'snoozed'] }] },
      limit: 1, cursor: page.nextCursor,
    });
  }
  assert.ok(seen.includes(c));
  const row = (await fb.support.conversations.search({ query: mine }))
    .data.find((x) => x.id === c);
  assert.equal(row.object, 'conversation');
  assert.equal(row.conversationUser.id, globalThis.sdkContact);
  assert.ok(Array.isArray(row.surroundingConversationParts));
  assert.equal(row.relevanceScore, undefined);
  // Search mode: full text, the matching part and its score.
  const hits = await fb.support.conversations.search({
    search: 'thanks', query: mine, limit: 1,
  });
  assert.equal(hits.data[0].id, c);
  assert.equal(hits.data[0].matchingPart.partType, 'user_msg');
  assert.ok(hits.data[0].relevanceScore > 0);
  const sorted = await fb.support.conversations.search({
    search: 'thanks', sort: 'lastActivityAt:asc',
  });
  assert.ok(sorted.data.some((x) => x.id === c));
  // A filter-mode cursor is refused in search mode.
  const more = await fb.support.conversations.create({
    from: { type: 'contact', id: globalThis.sdkContact },
    bodyMarkdown: 'Another one',
  });
  const first = await fb.support.conversations.search({ limit: 1 });
  assert.notEqual(first.nextCursor, null);
  await assert.rejects(fb.support.conversations.search({
    search: 'thanks', cursor: first.nextCursor,
  }), (e) => e instanceof Featurebase.BadRequestError);
  await fb.support.conversations.delete(more.id);
  await assert.rejects(fb.support.conversations.search({
    query: { field: 'tagIds', operator: '!=', value: '0'.repeat(24) },
  }), (e) => e instanceof Featurebase.BadRequestError
    && e.error?.error?.code === 'query_too_broad');
});
await step('support.conversationTags and conversations tags', async () => {
  const c = globalThis.sdkConversation;
  const t = await fb.support.conversationTags.createOrRename({
    name: `sdk-${tag}`,
  });
  assert.equal((await fb.support.conversationTags.retrieve(t.id)).id, t.id);
  const renamed = await fb.support.conversationTags.createOrRename({
    id: t.id, name: `sdk-${tag}-vip`,
  });
  assert.equal(renamed.name, `sdk-${tag}-vip`);
  const list = await fb.support.conversationTags.list();
  assert.ok(list.data.some((x) => x.id === t.id));
  const applied = await fb.support.conversations.attachTag(c, {
    tagId: t.id, actingAdminId: globalThis.sdkAdmin,
  });
  assert.equal(applied.id, t.id);
  const tagged = await all(fb.support.conversations.list({ tagIds: [t.id] }));
  assert.deepEqual(tagged.map((x) => x.id), [c]);
  const removed = await fb.support.conversations.detachTag(t.id, {
    id: c, actingAdminId: globalThis.sdkAdmin,
  });
  assert.ok(removed.removedAt);
  await fb.support.conversationTags.delete(t.id);
  await fb.support.conversations.delete(c);
});

// --- support: ticket categories, statuses, fields and tickets.  The
// categories and statuses lists are bare arrays, as the library types
// them; the fields list is the envelope.
const desk = await step('support.tickets categories/statuses/customFields',
  async () => {
    const cats = await fb.support.tickets.categories.list();
    const statuses = await fb.support.tickets.statuses.list();
    assert.ok(Array.isArray(cats) && Array.isArray(statuses));
    const fields = (await fb.support.tickets.customFields.list()).data;
    assert.ok(cats.length >= 3 && statuses.length >= 5);
    assert.ok(Array.isArray(fields));
    assert.equal((await fb.support.tickets.categories.retrieve(cats[0].id))
      .supportBoardType, cats[0].supportBoardType);
    assert.equal((await fb.support.tickets.statuses.retrieve(statuses[0].id))
      .id, statuses[0].id);
    await assert.rejects(
      fb.support.tickets.customFields.retrieve('0'.repeat(24)),
      (e) => e instanceof Featurebase.NotFoundError);
    return { cats, statuses };
  });
await step('support.tickets create/retrieve/update/list/delete', async () => {
  const customer = desk.cats.find((c) => c.supportBoardType === 'customer');
  const made = [];
  for (let i = 0; i < 3; i++) {
    made.push(await fb.support.tickets.create({
      ticketCategoryId: customer.id, title: `Ticket ${tag} ${i}`,
      author: { email: `t-${tag}@sdk.example`, name: 'Ticket Author' },
      content: '<p>Help</p>',
    }));
  }
  const t = made[0];
  const one = await fb.support.tickets.retrieve(t.ticketNumber);
  assert.equal(one.id, t.id);
  assert.deepEqual(one.conversationParts, []);
  const u = await fb.support.tickets.update(t.ticketNumber, {
    title: `Ticket ${tag} closed`, open: false,
  });
  assert.equal(u.open, false);
  const numbers = (await all(fb.support.tickets.list({
    limit: 2, sortBy: 'ticketNumber', sortOrder: 'asc',
    ticketCategoryIds: [customer.id], categoryType: 'customer',
    statusIds: [t.status.id], q: `Ticket ${tag}`,
  }))).map((x) => x.ticketNumber);
  assert.deepEqual(numbers, made.map((x) => x.ticketNumber));
  for (const x of made) {
    assert.equal((await fb.support.tickets.delete(x.ticketNumber)).id, x.id);
  }
  await assert.rejects(fb.support.tickets.retrieve(t.ticketNumber),
                       (e) => e instanceof Featurebase.NotFoundError);
});

await step('support.tickets linked conversation/reply/delete', async () => {
  const customer = desk.cats.find((c) => c.supportBoardType === 'customer');
  const contact = await fb.users.contacts.createOrUpdate({
    userId: `tkr-${tag}`, email: `tkr-${tag}@sdk.example`, name: 'Tkr',
  });
  const me = (await fb.organization.admins.list());
  const adminId = (me.data ?? me)[0].id;
  const c = await fb.support.conversations.create({
    from: { type: 'contact', id: contact.id }, bodyMarkdown: 'Broken',
  });
  const t = await fb.support.tickets.create({
    ticketCategoryId: customer.id, title: `Linked ${tag}`,
    author: { id: contact.id }, linkedConversationId: c.id,
  });
  assert.equal(t.linkedConversations[0].id, c.id);
  const a = await fb.support.tickets.reply(t.ticketNumber, {
    type: 'admin', adminId, body: '<p>Looking</p>', messageType: 'note',
  });
  assert.equal(a.id, t.id);
  assert.equal(a.conversationParts.at(-1).partType, 'admin_note');
  const r = await fb.support.tickets.reply(t.ticketNumber, {
    type: 'contact', contactEmail: `tkr-${tag}@sdk.example`,
    body: '<p>Thanks</p>', attachmentUrls: ['https://sdk.example/log.txt'],
  });
  assert.deepEqual(r.conversationParts.map((p) => p.partType),
                   ['user_msg', 'admin_note', 'user_msg']);
  const one = await fb.support.tickets.retrieve(t.ticketNumber);
  assert.equal(one.conversationParts.length, 3);
  await fb.support.tickets.delete(t.ticketNumber);
  await assert.rejects(fb.support.conversations.retrieve(c.id),
                       (e) => e instanceof Featurebase.NotFoundError);
});

// --- surveys (the organization has the demo surveys)
await step('surveys.list/retrieve/listResponses', async () => {
  const surveys = await all(fb.surveys.list({ limit: 1 }));
  assert.ok(surveys.length >= 2);
  const active = await all(fb.surveys.list({
    isActive: true, type: 'rating',
  }));
  assert.ok(active.length >= 1 && active.every((s) => s.isActive));
  const s = await fb.surveys.retrieve(active[0].id);
  assert.equal(s.id, active[0].id);
  assert.ok(s.pages.length > 0);
  const responses = await all(fb.surveys.listResponses(s.id, { limit: 1 }));
  assert.equal(responses.length, s.responseCount);
  const page = s.pages[0].id;
  const onPage = await all(fb.surveys.listResponses(s.id, { pageId: page }));
  assert.ok(onPage.every((r) => r.responses.some((a) => a.pageId === page)));
  await assert.rejects(fb.surveys.retrieve('0'.repeat(24)),
                       (e) => e instanceof Featurebase.NotFoundError);
});

// --- the help center: help centers, collections, articles, redirect rules
await step('helpCenter help centers, collections, articles, redirect rules', async () => {
  const centers = await all(fb.helpCenter.helpCenters.list());
  assert.equal(centers.length, 1);
  const hc = await fb.helpCenter.helpCenters.retrieve(centers[0].id);
  assert.equal(hc.id, centers[0].id);
  // The custom domain redirect rules live on (an extension: PATCH).
  await fb.patch(`/v2/help_center/help_centers/${hc.id}`,
                 { body: { urls: { externalDomain: `help-${tag}.sdk.example` } } });
  const parent = await fb.helpCenter.collections.create({
    name: `Guides ${tag}`, icon: { type: 'emoji', value: '📘' },
    translations: { de: { name: `Anleitungen ${tag}` } },
  });
  const child = await fb.helpCenter.collections.create({
    name: `Child ${tag}`, parentId: parent.id,
  });
  assert.equal((await fb.helpCenter.collections.retrieve(child.id)).parentId, parent.id);
  await fb.helpCenter.collections.update(child.id, { description: 'Below' });
  const listed = await all(fb.helpCenter.collections.list({ helpCenterId: hc.id, limit: 1 }));
  assert.ok(listed.some((c) => c.id === child.id));
  await assert.rejects(fb.helpCenter.collections.update(parent.id, { parentId: child.id }),
                       (e) => e instanceof Featurebase.BadRequestError);
  const article = await fb.helpCenter.articles.create({
    title: `How to ${tag}`, body: '<p>Do <b>this</b> carefully.</p>', parentId: parent.id,
    state: 'live', translations: { de: { title: `Wie ${tag}`, body: 'So *geht* es.' } },
  });
  assert.equal(article.state, 'live');
  const draft = await fb.helpCenter.articles.create({ title: `Draft ${tag}` });
  assert.equal(draft.state, 'draft');
  assert.equal((await fb.helpCenter.articles.retrieve(draft.id, { state: 'draft' })).id, draft.id);
  await fb.helpCenter.articles.update(draft.id, { title: `Draft ${tag} 2`, state: 'live' });
  const live = await all(fb.helpCenter.articles.list({ parentId: parent.id, state: 'live' }));
  assert.deepEqual(live.map((a) => a.id), [article.id]);
  const everything = await all(fb.helpCenter.articles.list({ state: 'all', limit: 1 }));
  assert.ok(everything.some((a) => a.id === draft.id));
  await assert.rejects(fb.helpCenter.articles.create({ title: 'x', formatter: 'ai' }),
                       (e) => e instanceof Featurebase.BadRequestError);
  const found0 = await fb.helpCenter.articles.search({ search: `carefully ${tag}` });
  assert.deepEqual(found0.data.map((a) => a.id), [article.id]);
  const german = await fb.helpCenter.articles.search({ search: `geht ${tag}`, limit: 1 });
  assert.deepEqual(german.data.map((a) => a.id), [article.id]);
  const filtered = await fb.helpCenter.articles.search({
    query: { field: 'parent_id', operator: '=', value: parent.id },
    sort: 'updated_at:desc', limit: 1,
  });
  assert.equal(filtered.data[0].id, article.id);
  const rule = await fb.helpCenter.redirectRules.create({
    helpCenterId: hc.id, locale: 'en', targetType: 'article', targetId: article.id,
    fromUrl: `https://HELP-${tag}.sdk.example/old/page/?x=1`,
  });
  assert.equal(rule.fromUrl, `https://help-${tag}.sdk.example/old/page`);
  assert.equal((await fb.helpCenter.redirectRules.retrieve(rule.id)).id, rule.id);
  const found = await fb.helpCenter.redirectRules.retrieveByURL({
    url: `https://help-${tag}.sdk.example/old/page#top`,
  });
  assert.equal(found.id, rule.id);
  await fb.helpCenter.redirectRules.update(rule.id, { targetType: 'collection', targetId: parent.id });
  const rules = await all(fb.helpCenter.redirectRules.list({ helpCenterId: hc.id, targetType: 'collection' }));
  assert.ok(rules.some((r) => r.id === rule.id));
  await fb.helpCenter.redirectRules.delete(rule.id);
  await fb.helpCenter.articles.delete(draft.id);
  await fb.helpCenter.articles.delete(article.id);
  await fb.helpCenter.collections.delete(child.id);
  await fb.helpCenter.collections.delete(parent.id);
  await assert.rejects(fb.helpCenter.articles.retrieve(article.id),
                       (e) => e instanceof Featurebase.NotFoundError);
});

// --- reports (the catalog, a query, the values of an attribute)
await step('reports.listDatasets/query/lookupFilterValues/drillIn', async () => {
  const catalog = await fb.reports.listDatasets();
  assert.equal(catalog.object, 'list');
  const conv = catalog.data.find((d) => d.id === 'conversations');
  assert.ok(conv.metrics.some((m) => m.id === 'time_to_first_reply'));
  const channel = conv.attributes.find((a) => a.id === 'conversation.channel');
  assert.ok(channel.supportsGroupBy && channel.staticOptions.length === 2);
  const today = new Date().toISOString().slice(0, 10);
  const q = await fb.reports.query({
    metric: 'new_conversations', aggregation: 'count', startDate: today,
    endDate: today, granularity: 'hour', timezone: 'Europe/Paris',
    groupBy: 'conversation.channel',
    filters: { kind: 'group', op: 'or', children: [
      { kind: 'rule', fieldId: 'conversation.state', operator: 'in',
        value: ['open', 'closed', 'snoozed'] }] },
    compareStartDate: today, compareEndDate: today,
  });
  assert.equal(q.object, 'report_query_result');
  assert.ok(q.value >= 0);
  assert.equal(q.previousValue, q.value);
  assert.equal(q.groupedData.reduce((n, g) => n + g.value, 0), q.value);
  assert.ok(q.timeSeries.length >= 24);
  const median = await fb.reports.query({
    metric: 'time_to_first_reply', aggregation: 'percentile',
    percentile: 95, startDate: today, endDate: today, granularity: 'day',
  });
  assert.equal(median.meta.unit, 'duration_ms');
  const values = await fb.reports.lookupFilterValues({
    fieldId: 'conversation.channel', query: 'mail',
  });
  assert.deepEqual(values.data, [{ label: 'Email', value: 'email' }]);
  const rows = await fb.reports.drillIn({
    metric: 'new_conversations', startDate: today, endDate: today,
    granularity: 'day', pageSize: 5, dataPointFilters: {},
    sort: [{ fieldId: 'metric.time', direction: 'asc' }],
  });
  assert.equal(rows.object, 'report_drill_in_result');
  assert.equal(rows.meta.datasetId, 'conversations');
  assert.ok(rows.rows.length <= 5 && rows.total >= rows.rows.length);
  assert.ok(rows.defaultColumnIds.includes('conversation.id'));
  await assert.rejects(fb.reports.query({
    metric: 'new_conversations', aggregation: 'count', startDate: today,
    endDate: today, granularity: 'day', view: 'sankey',
  }), (e) => e instanceof Featurebase.BadRequestError);
});

// --- the library's error classes
await step('errors map to the library classes', async () => {
  await assert.rejects(fb.feedback.posts.retrieve('0'.repeat(24)),
                       (e) => e instanceof Featurebase.NotFoundError);
  await assert.rejects(fb.feedback.posts.create({ title: 'x' }),
                       (e) => e instanceof Featurebase.BadRequestError);
  const anonymous = new Featurebase({ apiKey: 'sk_wrong', baseURL, maxRetries: 0 });
  await assert.rejects(anonymous.feedback.boards.list(),
                       (e) => e instanceof Featurebase.AuthenticationError);
});

for (const p of made.filter(Boolean)) {
  await step(`feedback.posts.delete ${p.id}`, () => fb.feedback.posts.delete(p.id));
}
process.exit(failed ? 1 : 0);
