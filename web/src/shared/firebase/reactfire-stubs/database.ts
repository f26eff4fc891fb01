import { notBundled } from './not-bundled';

const sdk = 'firebase/database';
export const get = notBundled(sdk, 'get');
export const off = notBundled(sdk, 'off');
export const onChildAdded = notBundled(sdk, 'onChildAdded');
export const onChildChanged = notBundled(sdk, 'onChildChanged');
export const onChildMoved = notBundled(sdk, 'onChildMoved');
export const onChildRemoved = notBundled(sdk, 'onChildRemoved');
export const onValue = notBundled(sdk, 'onValue');
