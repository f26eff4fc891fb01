import { notBundled } from './not-bundled';

export const httpsCallable = notBundled('firebase/functions', 'httpsCallable');
