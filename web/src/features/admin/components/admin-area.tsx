import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FirebaseScope, useUser } from '../../../shared/firebase/react';
import { LoadingState } from '../../../shared/ui';
import { AdminNotFound } from './admin-not-found';
import { RequireAdmin } from '../../auth';
import { AdminUserContext } from '../hooks/admin-user';
import { AdminLayout } from './admin-layout';
import { CollegesPage } from './colleges-page';
import { DashboardPage } from './dashboard-page';
import { NotesPage } from './notes-page';
import { PendingPage } from './pending-page';
import { UsersPage } from './users-page';

/** Hands the Firebase user (whose ID token the admin calls send) to the admin screens. */
function AdminSession({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  if (!user) return <LoadingState />;
  return <AdminUserContext.Provider value={user}>{children}</AdminUserContext.Provider>;
}

/**
 * /admin-dashboard/* : the admin area owns its nested routes (index, users, notes, pending,
 * colleges), so the whole area, guard included, is one lazily loaded chunk.
 */
export default function AdminArea() {
  return (
    <RequireAdmin>
      <FirebaseScope>
        <AdminSession>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route index element={<DashboardPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="notes" element={<NotesPage />} />
              <Route path="pending" element={<PendingPage />} />
              <Route path="colleges" element={<CollegesPage />} />
              <Route path="*" element={<AdminNotFound />} />
            </Route>
          </Routes>
        </AdminSession>
      </FirebaseScope>
    </RequireAdmin>
  );
}
