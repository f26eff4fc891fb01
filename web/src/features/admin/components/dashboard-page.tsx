import { Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { ErrorBanner, LoadingState } from '../../../shared/ui';
import { fetchStats } from '../api/admin-api';
import { ADMIN_ERRORS, ADMIN_LOADING, bannerText } from '../api/admin-model';
import { useServerValue } from '../../../shared/server-state';
import { AdminCard, DataTable, PageTitle, Table } from './admin-ui';
import { formatCount } from '../../../shared/utils/numbers';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <AdminCard as="section" aria-label={label}>
      <Text color="fg.muted" fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" data-testid="stat-value">
        {formatCount(value)}
      </Text>
    </AdminCard>
  );
}

/** Dashboard: the facade's aggregated statistics and the most downloaded notes. */
export function DashboardPage() {
  const state = useServerValue(['admin', 'stats'], fetchStats);
  const data = state.status === 'success' ? state.data : undefined;

  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      {state.status === 'loading' && <LoadingState label={ADMIN_LOADING.stats} />}
      {state.status === 'error' && (
        <ErrorBanner mb="4">Error: {bannerText(ADMIN_ERRORS.stats, state.error)}</ErrorBanner>
      )}
      {data && (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mb="8">
            <StatCard label="Total Users" value={data.totalUsers} />
            <StatCard label="Total Notes" value={data.totalNotes} />
            <StatCard label="Pending Approvals" value={data.pendingApprovals} />
            <StatCard label="Total Downloads" value={data.totalDownloads} />
            <StatCard label="Open Reports" value={data.openReports} />
          </SimpleGrid>
          <Heading as="h3" size="lg" mb="3">
            Most Downloaded Notes
          </Heading>
          <DataTable
            label="Most Downloaded Notes"
            columns={['Title', 'Subject', 'College', 'Uploader', 'Downloads']}
          >
            {data.mostDownloadedNotes.map((n) => (
              <Table.Row key={n.id} data-note-id={n.id}>
                <Table.Cell>{n.title}</Table.Cell>
                <Table.Cell>{n.subject}</Table.Cell>
                <Table.Cell>{n.collegeName}</Table.Cell>
                <Table.Cell>{n.uploaderName}</Table.Cell>
                <Table.Cell>{formatCount(n.downloadCount)}</Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}
