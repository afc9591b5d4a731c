import { Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyListItem } from '../../../../shared/contract/administration/companies';
import { formatDate } from '../../../components/dates';
import { ToneBadge } from '../../../components/tone';
import type { DrawerTarget } from './CompaniesPage';

/** Seats in use against seats paid for, and a badge once they are all taken. */
export function SeatsText({ company }: { company: Pick<CompanyListItem, 'Seats' | 'UserCount'> }) {
  const { t } = useTranslation('companies');
  const { Seats: seats, UserCount: users } = company;
  return (
    <Group gap={6} wrap="nowrap" display="inline-flex" data-testid="company-seats">
      <span>{seats === null ? t('seatsNoLimit', { users }) : t('seatsOf', { users, seats })}</span>
      {seats !== null && users >= seats && <ToneBadge tone="orange">{t('seatsFull')}</ToneBadge>}
    </Group>
  );
}

/** The company's name, which opens it in the drawer (a link to its address, so it opens in a new tab too). */
function NameLink({ company, onOpen }: { company: CompanyListItem; onOpen(target: DrawerTarget): void }) {
  return (
    <Anchor
      href={`?company=${company.Id}`}
      fw={600}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onOpen(company.Id);
      }}
      data-testid="company-name"
    >
      {company.Name}
    </Anchor>
  );
}

function Contact({ company }: { company: CompanyListItem }) {
  const { t } = useTranslation('companies');
  if (!company.ContactName && !company.ContactEmail) {
    return (
      <Text span c="dimmed" size="sm">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t('noContact')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {company.ContactName && <Text size="sm">{company.ContactName}</Text>}
      {company.ContactEmail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {company.ContactEmail}
        </Text>
      )}
    </Stack>
  );
}

/** The page of companies as a table (desktop). */
export function CompanyTable({
  companies,
  onOpen,
}: {
  companies: CompanyListItem[];
  onOpen(target: DrawerTarget): void;
}) {
  const { t } = useTranslation('companies');
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped highlightOnHover data-testid="company-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.seats')}</Table.Th>
            <Table.Th>{t('columns.contact')}</Table.Th>
            <Table.Th>{t('columns.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.Id} data-testid="company-row">
              <Table.Td>
                <NameLink company={company} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <SeatsText company={company} />
              </Table.Td>
              <Table.Td>
                <Contact company={company} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(company.CreatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The page of companies as cards (phone). */
export function CompanyCards({
  companies,
  onOpen,
}: {
  companies: CompanyListItem[];
  onOpen(target: DrawerTarget): void;
}) {
  const { t } = useTranslation('companies');
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {companies.map((company) => (
        <Card key={company.Id} withBorder component="li" data-testid="company-row">
          <Stack gap={4}>
            <NameLink company={company} onOpen={onOpen} />
            <Text size="sm" component="div">
              {t('columns.seats')}: <SeatsText company={company} />
            </Text>
            <Contact company={company} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
