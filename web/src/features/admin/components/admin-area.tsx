import { Route, Routes } from 'react-router-dom';
import { ServerStateScope } from '../../../shared/server-state';
import { LoadingState } from '../../../shared/ui';
import { AdminNotFound } from './admin-not-found';
import { RequireAdmin } from '../../auth';
import { AdminLayout } from './admin-layout';
import { CollegesPage } from './colleges-page';
import { DashboardPage } from './dashboard-page';
import { NotesPage } from './notes-page';
import { PendingPage } from './pending-page';
import { ReportsPage } from './reports-page';
import { UsersPage } from './users-page';

/** The area's chrome with its page loading: what a remembered admin sees before Auth confirms. */
export function AdminFrame() {
  return (
    <AdminLayout>
      <LoadingState />
    </AdminLayout>
  );
}

/**
 * /admin-dashboard/* : the admin area owns its nested routes (index, users, notes, pending,
 * colleges, reports), so the whole area, guard included, is one lazily loaded chunk.
 */
export default function AdminArea() {
  return (
    <RequireAdmin frame={<AdminFrame />}>
      <ServerStateScope>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="notes" element={<NotesPage />} />
            <Route path="pending" element={<PendingPage />} />
            <Route path="colleges" element={<CollegesPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
      </ServerStateScope>
    </RequireAdmin>
  );
}
