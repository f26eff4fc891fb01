/**
 * Delivers object events to the Cloud Functions emulator of firebase-tools, the way its own
 * Storage emulator does (firebase-tools src/emulator/storage/cloudFunctions.ts): a CloudEvent
 * (`google.cloud.storage.object.v1.finalized` ...) and the legacy event
 * (`google.storage.object.finalize` ...) both POSTed to
 * `/functions/projects/{project}/trigger_multicast`, where the Functions emulator hands them to
 * every function registered for that event type and bucket (onObjectFinalized & co. in v2,
 * functions.storage.object().onFinalize in v1).
 */
import { randomUUID } from 'node:crypto';
import type { StorageObjectAction, StorageObjectEvent } from './server.js';

const CLOUD_EVENT_ACTION: Record<StorageObjectAction, string> = {
  finalize: 'finalized',
  delete: 'deleted',
  metadataUpdate: 'metadataUpdated',
};

export interface FunctionsEventSinkOptions {
  /** host:port of the Functions emulator. */
  functionsHost: string;
  projectId: string;
  /** Told when a delivery fails (the emulator keeps serving). */
  log?: (line: string) => void;
}

/** The bodies sent for one event: [legacy, CloudEvent]. Exported for tests. */
export function eventBodies(event: StorageObjectEvent, now = new Date()) {
  const o = event.object;
  const bucket = String(o['bucket']);
  const name = String(o['name']);
  const legacy = {
    eventId: `${now.getTime()}`,
    timestamp: now.toISOString(),
    eventType: `google.storage.object.${event.action}`,
    resource: {
      service: 'storage.googleapis.com',
      name: `projects/_/buckets/${bucket}/objects/${name}`,
      type: 'storage#object',
    },
    data: o,
  };
  const cloudEvent = {
    specversion: '1.0',
    id: randomUUID(),
    type: `google.cloud.storage.object.v1.${CLOUD_EVENT_ACTION[event.action]}`,
    source: `//storage.googleapis.com/projects/_/buckets/${bucket}/objects/${name}`,
    subject: `objects/${name}`,
    time: typeof o['updated'] === 'string' ? o['updated'] : now.toISOString(),
    data: o,
  };
  return [legacy, cloudEvent] as const;
}

/** An `onObjectEvent` listener for startStorageServer that feeds the Functions emulator. */
export function functionsEventSink(
  options: FunctionsEventSinkOptions,
): (event: StorageObjectEvent) => Promise<void> {
  const url = `http://${options.functionsHost}/functions/projects/${encodeURIComponent(options.projectId)}/trigger_multicast`;
  const log = options.log ?? ((l: string) => process.stderr.write(l + '\n'));
  return async (event) => {
    const [legacy, cloudEvent] = eventBodies(event);
    for (const [body, contentType] of [
      [legacy, 'application/json'],
      [cloudEvent, 'application/cloudevents+json; charset=UTF-8'],
    ] as const) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        if (!res.ok)
          log(`storage: ${event.action} event not delivered: functions answered ${res.status}`);
      } catch (err) {
        log(`storage: ${event.action} event not delivered: ${(err as Error).message}`);
      }
    }
  };
}
