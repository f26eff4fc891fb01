import { notBundled } from './not-bundled';

const sdk = 'firebase/remote-config';
export const ensureInitialized = notBundled(sdk, 'ensureInitialized');
export const getAll = notBundled(sdk, 'getAll');
export const getBoolean = notBundled(sdk, 'getBoolean');
export const getNumber = notBundled(sdk, 'getNumber');
export const getString = notBundled(sdk, 'getString');
export const getValue = notBundled(sdk, 'getValue');
