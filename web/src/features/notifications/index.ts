// Public surface of the notifications feature. Both components are lazy: the bell sits in the
// shell of every page, and its code (and the live SDK it starts) is fetched only once someone is
// signed in, so a visitor's / keeps its budget; My Uploads' list loads with the profile.
import { lazy } from 'react';

export const NotificationBell = lazy(() => import('./components/notification-bell'));
export const RejectedUploads = lazy(() => import('./components/rejected-uploads'));
