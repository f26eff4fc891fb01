import { notBundled } from './not-bundled';

// The app uses Firestore Lite through shared/firebase/firestore.ts; reactfire's listener hooks
// (which need the full SDK's onSnapshot) are not used.
const sdk = 'firebase/firestore';
export const onSnapshot = notBundled(sdk, 'onSnapshot');
export const queryEqual = notBundled(sdk, 'queryEqual');
