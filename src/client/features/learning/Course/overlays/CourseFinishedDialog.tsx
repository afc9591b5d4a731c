import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { launchFireworks } from '../fireworks';
import { playFanfare } from '../sounds';
import { dismissMoment, useCourseView } from '../store';
import { MomentDialog } from './MomentDialog';
import classes from './overlays.module.css';

/** The course-finished celebration (spec §2): fireworks and a fanfare, Close, or the profile with the certificate. */
export function CourseFinishedDialog() {
  const { t } = useTranslation('learning');
  const navigate = useNavigate();
  const opened = useCourseView((state) => state.showCourseFinished);
  const courseName = useCourseView((state) => state.finishedCourseName);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!opened || !canvas.current) return;
    playFanfare();
    return launchFireworks(canvas.current);
  }, [opened]);

  return (
    <>
      {opened && <canvas ref={canvas} className={classes.fireworks} aria-hidden data-testid="fireworks" />}
      <MomentDialog
        opened={opened}
        title={t('finished.title')}
        closeLabel={t('finished.close')}
        data-testid="course-finished"
      >
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={72} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCertificate size={44} />
          </ThemeIcon>
          <Text size="lg" fw={600}>
            {t('finished.text', { name: courseName })}
          </Text>
          <Text>{t('finished.certificate')}</Text>
        </Stack>
        <Group justify="center" mt="lg" gap="sm">
          <Button variant="default" onClick={dismissMoment}>
            {t('finished.close')}
          </Button>
          <Button
            onClick={() => {
              dismissMoment();
              navigate('/MyProfile');
            }}
            data-testid="finished-profile"
          >
            {t('finished.profile')}
          </Button>
        </Group>
      </MomentDialog>
    </>
  );
}
