import { Alert, Button, Checkbox, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { alertTone } from '../../../components/tone';
import { commerceKeys } from '../keys';

interface Values {
  webshopUrl: string;
  secretKey: string;
  webhookSecret: string;
  removeKeys: boolean;
}

/**
 * The shop's payment settings (administrators, a tab of /productlist): whether payments are on and with which keys,
 * new Stripe keys (written, never shown again), the webhook's address to give Stripe, and the external webshop's
 * address the menu leads to.
 */
export function ShopSettings() {
  const { t } = useTranslation('commerce');
  const settings = useQuery({
    queryKey: commerceKeys.settings,
    queryFn: () => call('shop.php', 'get_shop_settings', {}),
  });
  if (settings.isError) return <LoadError>{t('admin.settings.loadError')}</LoadError>;
  if (!settings.data) return <Loading />;
  return <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />;
}

function SettingsForm({
  settings,
}: {
  settings: { WebshopUrl: string | null; Payments: 'site' | 'environment' | 'none'; WebhookUrl: string };
}) {
  const { t } = useTranslation('commerce');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: { webshopUrl: settings.WebshopUrl ?? '', secretKey: '', webhookSecret: '', removeKeys: false },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      call('shop.php', 'save_shop_settings', {
        WebshopUrl: values.webshopUrl.trim() || null,
        ...(values.secretKey.trim() || values.webhookSecret.trim()
          ? { StripeSecretKey: values.secretKey.trim(), StripeWebhookSecret: values.webhookSecret.trim() }
          : {}),
        RemoveStripeKeys: values.removeKeys,
      }),
    onSuccess: async () => {
      showToast(t('admin.settings.saved'), 'green');
      await queryClient.invalidateQueries({ queryKey: commerceKeys.settings });
      // The menu's Webshop item and /webshop follow the address at once.
      await queryClient.invalidateQueries({ queryKey: commerceKeys.shop });
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="shop-settings">
      <Stack gap="md" maw={640}>
        <Text>{t('admin.settings.intro')}</Text>
        <Alert
          variant="light"
          {...alertTone(settings.Payments === 'none' ? 'yellow' : 'teal')}
          data-testid="payments-status"
        >
          {t(`admin.settings.status.${settings.Payments}`)}
        </Alert>
        {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        <PasswordInput
          label={t('admin.settings.secretKey')}
          description={t('admin.settings.secretKeyHint')}
          autoComplete="off"
          {...form.getInputProps('secretKey')}
        />
        <PasswordInput
          label={t('admin.settings.webhookSecret')}
          description={
            <>
              {t('admin.settings.webhookSecretHint')} <Code>{settings.WebhookUrl}</Code>
            </>
          }
          autoComplete="off"
          {...form.getInputProps('webhookSecret')}
        />
        {settings.Payments === 'site' && (
          <Checkbox
            label={t('admin.settings.removeKeys')}
            {...form.getInputProps('removeKeys', { type: 'checkbox' })}
          />
        )}
        <TextInput
          type="url"
          label={t('admin.settings.webshopUrl')}
          description={t('admin.settings.webshopUrlHint')}
          placeholder="https://"
          maxLength={500}
          {...form.getInputProps('webshopUrl')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('admin.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
