import { describe, expect, it } from 'vitest';
import firebaseJson from '../../../../firebase.json';
import { EMULATOR_PORTS, FIREBASE_OPTIONS, authEmulatorUrl, emulatorHostFor } from './config';

describe('firebase config', () => {
  it('uses a demo project, which the SDKs and emulators keep offline', () => {
    expect(FIREBASE_OPTIONS.projectId).toBe('demo-notenest');
    expect(FIREBASE_OPTIONS.projectId.startsWith('demo-')).toBe(true);
  });

  it('connects to the emulators only from local hostnames, on the same hostname', () => {
    expect(emulatorHostFor('localhost')).toBe('localhost');
    expect(emulatorHostFor('127.0.0.1')).toBe('127.0.0.1');
    expect(emulatorHostFor('[::1]')).toBe('[::1]');
    expect(emulatorHostFor('notenest.example.com')).toBeNull();
    expect(emulatorHostFor('127.0.0.1.nip.io')).toBeNull();
    // Any IPv4 loopback address: parallel stacks (test harness, NOTENEST_HOST) use 127.x.y.z.
    expect(emulatorHostFor('127.0.0.23')).toBe('127.0.0.23');
    expect(emulatorHostFor('127.45.3.200')).toBe('127.45.3.200');
    expect(emulatorHostFor('127.0.0.256')).toBeNull();
    expect(emulatorHostFor('128.0.0.1')).toBeNull();
  });

  it('uses the ports of firebase.json', () => {
    const { auth, firestore, storage } = firebaseJson.emulators;
    expect(EMULATOR_PORTS).toEqual({
      auth: auth.port,
      firestore: firestore.port,
      storage: storage.port,
    });
    expect(authEmulatorUrl('127.0.0.1')).toBe('http://127.0.0.1:9099');
  });
});
