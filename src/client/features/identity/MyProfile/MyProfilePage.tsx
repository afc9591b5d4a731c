import { Box, Card, Container, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/contract/identity/profile';
import { useSession } from '../../../app/session';
import { QueryState } from '../../../components/LoadState';
import { Purchases } from '../../commerce';
import { AccountSettings } from './Account/AccountSettings';
import { Certificates } from './Certificates';
import { EarnedAchievements } from './EarnedAchievements';
import { PhotoUpload } from './PhotoUpload';
import { ProfileForm } from './ProfileForm';
import { useProfile } from './queries';
import { XpSummary } from './XpSummary';

/** A titled card of the profile; `id` makes it a target of links such as /MyProfile#certificates. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" id={id} aria-labelledby={`${id}-title`} withBorder radius="md" padding="lg">
      <Title order={2} size="h3" id={`${id}-title`} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /MyProfile: photo, name and xp settings, level, achievements, certificates, purchases and the account (spec §2). */
export default function MyProfilePage() {
  const { t } = useTranslation('learning');
  const session = useSession();
  const profile = useProfile(session.user?.Id ?? null);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xl">
        {t('profile.title')}
      </Title>
      <QueryState query={profile} failed={session.checked && !session.user}>
        {(data) => <ProfileSections profile={data} />}
      </QueryState>
    </Container>
  );
}

function ProfileSections({ profile }: { profile: Profile }) {
  const { t } = useTranslation('learning');
  const session = useSession();
  // The profile is the signed-in user's own: her id is the profile's.
  const userId = profile.Id;
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="lg" h="100%" component="section" aria-labelledby="photo-title">
            <Title order={2} size="h3" id="photo-title" mb="md" ta="center">
              {t('profile.photo.title')}
            </Title>
            <PhotoUpload profile={profile} />
            <Box mt="md" ta="center">
              <Text fw={600} data-testid="profile-name">
                {profile.FirstName} {profile.LastName}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {profile.Username}
              </Text>
            </Box>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section id="profile-details" title={t('profile.details')}>
              <ProfileForm profile={profile} />
            </Section>
            <Section id="xp" title={t('profile.xp.title')}>
              <XpSummary totalXp={session.user?.TotalXp ?? profile.TotalXp} collectXp={profile.CollectXp} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section id="achievements" title={t('profile.achievements.title')}>
          <EarnedAchievements userId={userId} />
        </Section>
        <Section id="certificates" title={t('profile.certificates.title')}>
          <Certificates userId={userId} />
        </Section>
      </SimpleGrid>
      <Suspense fallback={null}>
        <Purchases />
      </Suspense>
      <AccountSettings profile={profile} />
    </Stack>
  );
}
