import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../../shared/contract/commerce/products';
import type { DiscountRefusal } from '../../../../shared/domain/commerce/orders';
import { ApiError, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { errorText } from '../../../components/errorText';
import { alertTone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { PriceLine } from '../Products/ProductCard';
import { formatPrice } from '../price';

/** The reason of a DISCOUNT_INVALID answer, in the buyer's language; any other failure by its code. */
function useDiscountError() {
  const { t } = useTranslation('commerce');
  return (error: unknown) =>
    error instanceof ApiError && error.code === 'DISCOUNT_INVALID'
      ? t(`discount.refusals.${(error.body.reason as DiscountRefusal | undefined) ?? 'unknown'}`)
      : errorText(error);
}

interface Quote {
  code: string;
  discountCents: number;
  amountCents: number;
}

/**
 * A product's buy box: its price, and the way to buy it here — sign in first, a discount code if she has one, then
 * on to Stripe's payment page (or, with nothing to pay, hers at once; or on an invoice to her company, when the
 * school invoices it). Owned, sold in the webshop, or with the shop
 * not open, it says so instead.
 */
export function BuyBox({ product, language }: { product: ProductDetail; language: string }) {
  const { t } = useTranslation('commerce');
  const session = useSession();
  const queryClient = useQueryClient();
  const discountError = useDiscountError();
  const [codeOpen, setCodeOpen] = useState(false);
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);

  const check = useMutation({
    mutationFn: async (typed: string) =>
      call('orders.php', 'check_discount', { ProductId: product.Id, DiscountCode: typed }),
    onSuccess: (answer, typed) =>
      setQuote({ code: typed, discountCents: answer.DiscountCents, amountCents: answer.AmountCents }),
    onError: () => setQuote(null),
  });
  // Her company, when the school invoices it: she may have it pay instead of paying by card.
  const options = useQuery({
    queryKey: commerceKeys.checkoutOptions(session.token),
    queryFn: () => call('orders.php', 'get_checkout_options', {}),
    enabled: Boolean(session.token) && !product.Owned && !product.ExternalUrl,
  });
  const invoiceCompany = options.data?.InvoiceCompany ?? null;
  const buy = useMutation({
    mutationFn: async (payByInvoice: boolean) =>
      call('orders.php', 'start_checkout', {
        ProductId: product.Id,
        DiscountCode: quote?.code ?? '',
        Language: language === 'sv' ? 'sv' : 'en',
        PayByInvoice: payByInvoice,
      }),
    onSuccess: async (answer) => {
      // On to Stripe's payment page; it sends her back to this page with the order.
      if (answer.Url) window.location.assign(answer.Url);
      else await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    },
  });

  const buyError = buy.isError && (
    <Alert variant="light" {...alertTone('red')} role="alert">
      {buy.error instanceof ApiError && buy.error.code === 'DISCOUNT_INVALID'
        ? discountError(buy.error)
        : errorText(buy.error)}
    </Alert>
  );
  const invoiceAction = invoiceCompany && quote?.amountCents !== 0 && (
    <>
      <Button
        variant="light"
        onClick={() => buy.mutate(true)}
        loading={buy.isPending && buy.variables === true}
        aria-describedby="invoice-note"
        data-testid="pay-by-invoice"
      >
        {t('product.payByInvoice', { company: invoiceCompany })}
      </Button>
      <Text size="sm" id="invoice-note">
        {t('product.invoiceNote', { company: invoiceCompany })}
      </Text>
    </>
  );

  const applyCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim()) check.mutate(code.trim());
  };

  let action: React.ReactNode;
  if (product.Owned) {
    action = (
      <>
        <Alert variant="light" {...alertTone('teal')} data-testid="product-owned">
          {t('product.owned')}
        </Alert>
        <Button
          component={Link}
          to={product.Kind === 'samples' ? '/MyProfile#purchases' : '/MyCourses'}
          variant="light"
        >
          {t(product.Kind === 'samples' ? 'product.toDownloads' : 'product.toMyCourses')}
        </Button>
      </>
    );
  } else if (product.ExternalUrl) {
    action = (
      <Button component="a" href={product.ExternalUrl}>
        {t('product.buyExternal')}
      </Button>
    );
  } else if (!product.ShopOpen) {
    action = (
      <>
        <Button disabled aria-describedby="shop-closed">
          {t('product.buy')}
        </Button>
        <Text size="sm" id="shop-closed" data-testid="shop-closed">
          {t('product.shopClosed')}
        </Text>
        {invoiceAction}
        {buyError}
      </>
    );
  } else if (!session.token) {
    action = (
      <Button component={Link} to={`/login?triedUrl=${encodeURIComponent(`/product/${product.Slug}`)}`}>
        {t('product.signInToBuy')}
      </Button>
    );
  } else {
    action = (
      <>
        {codeOpen ? (
          <form onSubmit={applyCode} noValidate>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('discount.label')}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setQuote(null);
                  check.reset();
                }}
                error={check.isError ? discountError(check.error) : undefined}
                maxLength={32}
                autoCapitalize="characters"
                autoComplete="off"
                style={{ flexGrow: 1 }}
              />
              <Button type="submit" variant="default" loading={check.isPending}>
                {t('discount.apply')}
              </Button>
            </Group>
          </form>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setCodeOpen(true)} ta="left">
            {t('discount.open')}
          </Anchor>
        )}
        {quote && (
          <Text size="sm" data-testid="discounted-price" role="status">
            {t('discount.applied', {
              price: quote.amountCents === 0 ? t('price.free') : formatPrice(quote.amountCents, language),
              saved: formatPrice(quote.discountCents, language),
            })}
          </Text>
        )}
        <Button
          onClick={() => buy.mutate(false)}
          loading={(buy.isPending && buy.variables === false) || (buy.isSuccess && buy.data.Url !== null)}
        >
          {quote?.amountCents === 0 ? t('product.getFree') : t('product.buy')}
        </Button>
        {invoiceAction}
        {buyError}
        <Text size="xs" c="dimmed">
          {t('product.securePayment')}
        </Text>
      </>
    );
  }

  return (
    <Card withBorder padding="lg" data-testid="buy-box">
      <Stack gap="md">
        <PriceLine product={product} language={language} />
        {action}
        {product.Preview && (
          <Anchor component={Link} to="/FreeLessons" size="sm">
            {t('product.preview', { name: product.Preview.Name })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
