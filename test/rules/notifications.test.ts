/**
 * users/{uid}/notifications/{id} and users/{uid}/rejections/{noteId} (issue 30 items 2 and 4):
 * written by functions only; the owner reads them and may change a notification's `read` (to a
 * bool) and nothing else; nobody else reads or writes them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  fresh,
  matrix,
  pairs,
  seed,
  seedProfiles,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness();
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

const DAY = 24 * 60 * 60 * 1000;

/** A notification as functions write it (services/notifications.ts). */
function notification(patch: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    type: 'comment',
    noteId: 'note1',
    noteTitle: 'Operating Systems: scheduling',
    actorName: OTHER,
    createdAt: new Date(now),
    read: false,
    expireAt: new Date(now + 90 * DAY),
    ...patch,
  };
}

function rejection() {
  const now = Date.now();
  return {
    title: 'Operating Systems: scheduling',
    reason: 'Wrong subject',
    rejectedAt: new Date(now),
    expireAt: new Date(now + 90 * DAY),
  };
}

interface NotifWorld extends World {
  id: string;
}

/** An owner with one unread notification (none when the cell creates it). */
async function notifWorld(op = 'get'): Promise<NotifWorld> {
  const w = { owner: fresh('alice'), id: fresh('n') };
  await seedProfiles(h, w.owner);
  if (op !== 'create')
    await seed(h, { [`users/${w.owner}/notifications/${w.id}`]: notification() });
  return w;
}

const notifOf = (a: Parameters<typeof dbOf>[1], w: NotifWorld, uid = w.owner, id = w.id) =>
  dbOf(h, a, w).doc(`users/${uid}/notifications/${id}`);

matrix('users/{uid}/notifications/{id}: `owner` received it', {
  setup: notifWorld,
  ops: {
    get: (a, w) => notifOf(a, w).get(),
    list: (a, w) => dbOf(h, a, w).collection(`users/${w.owner}/notifications`).get(),
    create: (a, w) => notifOf(a, w).set(notification()),
    update: (a, w) => notifOf(a, w).update({ read: true }),
    delete: (a, w) => notifOf(a, w).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'deny'],
    list: ['deny', 'allow', 'deny', 'deny'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

pairs('users/{uid}/notifications/{id}: attacks', [
  {
    name: "reading someone else's notifications (list)",
    allow: async () => {
      const w = await notifWorld();
      return dbOf(h, 'owner', w).collection(`users/${w.owner}/notifications`).get();
    },
    deny: async () => {
      const w = await notifWorld();
      return dbOf(h, 'owner', w).collection(`users/${OTHER}/notifications`).get();
    },
  },
  {
    name: "unread count of someone else's (the bell's query)",
    allow: async () => {
      const w = await notifWorld();
      return dbOf(h, 'owner', w)
        .collection(`users/${w.owner}/notifications`)
        .where('read', '==', false)
        .limit(99)
        .get();
    },
    deny: async () => {
      const w = await notifWorld();
      return dbOf(h, 'owner', w)
        .collection(`users/${OTHER}/notifications`)
        .where('read', '==', false)
        .limit(99)
        .get();
    },
  },
  {
    name: "marking someone else's read",
    allow: async () => {
      const w = await notifWorld();
      return notifOf('owner', w).update({ read: true });
    },
    deny: async () => {
      const w = await notifWorld();
      await seed(h, { [`users/${OTHER}/notifications/${w.id}`]: notification() });
      return notifOf('owner', w, OTHER).update({ read: true });
    },
  },
  {
    name: 'read not a bool',
    allow: async () => notifOf('owner', await notifWorld()).update({ read: false }),
    deny: async () => notifOf('owner', await notifWorld()).update({ read: 'yes' }),
  },
  {
    name: 'a field besides read (noteTitle)',
    allow: async () => notifOf('owner', await notifWorld()).update({ read: true }),
    deny: async () =>
      notifOf('owner', await notifWorld()).update({ read: true, noteTitle: 'Something else' }),
  },
  {
    name: 'a field besides read (expireAt: keeping it forever)',
    allow: async () => notifOf('owner', await notifWorld()).update({ read: true }),
    deny: async () =>
      notifOf('owner', await notifWorld()).update({
        read: true,
        expireAt: new Date(Date.now() + 3650 * DAY),
      }),
  },
  {
    name: 'an extra field',
    allow: async () => notifOf('owner', await notifWorld()).update({ read: true }),
    deny: async () => notifOf('owner', await notifWorld()).update({ read: true, pinned: true }),
  },
  {
    name: 'creating one for yourself (only functions write them)',
    allow: async () => notifOf('owner', await notifWorld()).update({ read: true }),
    deny: async () => {
      const w = await notifWorld('create');
      return notifOf('owner', w).set(notification());
    },
  },
  {
    name: 'writing one into another user (a fake notification)',
    allow: async () => notifOf('owner', await notifWorld()).get(),
    deny: async () => {
      const w = await notifWorld();
      return notifOf('owner', w, OTHER, fresh('n')).set(notification({ type: 'noteApproved' }));
    },
  },
]);

// ---- users/{uid}/rejections/{noteId} ---------------------------------------------------------

matrix('users/{uid}/rejections/{noteId}: `owner` uploaded the rejected note', {
  setup: async (op) => {
    const w = { owner: fresh('alice'), id: fresh('note') };
    await seedProfiles(h, w.owner);
    if (op !== 'create') await seed(h, { [`users/${w.owner}/rejections/${w.id}`]: rejection() });
    return w;
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/rejections/${w.id}`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`users/${w.owner}/rejections`).get(),
    create: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/rejections/${w.id}`).set(rejection()),
    update: (a, w) =>
      dbOf(h, a, w).doc(`users/${w.owner}/rejections/${w.id}`).update({ reason: 'Fine' }),
    delete: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/rejections/${w.id}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'deny'],
    list: ['deny', 'allow', 'deny', 'deny'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

pairs('users/{uid}/rejections/{noteId}: attacks', [
  {
    name: "reading someone else's rejections",
    allow: async () => {
      const w = { owner: fresh('alice') };
      await seedProfiles(h, w.owner);
      return dbOf(h, 'owner', w).collection(`users/${w.owner}/rejections`).get();
    },
    deny: async () => {
      const w = { owner: fresh('alice') };
      await seedProfiles(h, w.owner);
      return dbOf(h, 'owner', w).collection(`users/${OTHER}/rejections`).get();
    },
  },
]);
