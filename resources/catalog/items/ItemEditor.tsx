import {
  ResourceContextProvider,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCreate,
  useGetOne,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Alert, Box, Button, Card } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BASIC_DESCRIPTION_MAX, type Item, type ItemType } from '../../../domain/catalog/item';
import { pizzaConfigured, type PizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { format, messages } from '../../../domain/messages';
import { shopUrl } from '../../../src/contracts/urls';
import { useShop } from '../../../src/contracts/shopContext';
import { useApiError } from '../../../src/components/api';
import { useSettingsDocument } from '../../../src/components/settingsQuery';
import { PageHeader } from '../../../src/components/PageHeader';
import { Pending } from '../../../src/components/Pending';
import { AttributesInput } from './AttributesInput';
import { CommonInputs } from './CommonInputs';
import { DealInputs } from './DealInputs';
import { itemResolver, newItem, ROUTE_TYPES, toApi, toForm, type RouteType } from './itemForm';
import { PizzaInputs } from './PizzaInputs';
import { UnsavedChangesGuard } from '../../../src/components/forms/UnsavedChangesGuard';
import { touchTargets } from '../../../src/components/touch';

function EditorToolbar() {
  const { isValid, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton disabled={!isValid || isSubmitting} />
    </Toolbar>
  );
}

function Inputs({ type, pizza }: { type: ItemType; pizza?: PizzaSettings }) {
  const translate = useTranslate();
  if (type === 'PIZZA') return <PizzaInputs settings={pizza!} />;
  if (type === 'DEAL') return <DealInputs settings={pizza!} />;
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <CommonInputs descriptionMax={BASIC_DESCRIPTION_MAX} nameHint={translate('resources.catalog.items.hints.name')} />
      <AttributesInput />
    </Box>
  );
}

/**
 * items/{type}/create and items/{type}/{itemId}/edit (spec 2 §2): one form per type, checked with the API's own
 * schema as it changes (Save disabled while invalid); saving shows '{name} Updated' and returns to the list.
 */
function ItemEditor({ type, item }: { type: ItemType; item?: Item }) {
  const { shop } = useShop();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const onError = useApiError({ formShowsFieldErrors: true });
  const [create] = useCreate();
  const [update] = useUpdate();
  const pizza = useSettingsDocument(shop.id, 'pizza');
  const meta = { shopId: shop.id };

  if (type !== 'BASIC' && !pizza.data) return pizza.error ? <Alert severity="error">{pizza.error.message}</Alert> : <Pending />;
  if (type === 'PIZZA' && !item && !pizzaConfigured(pizza.data!)) {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={Link} to={shopUrl(shop.id, 'settings') + '?tab=pizza'}>
            {translate('resources.catalog.items.pizzaSettingsLink')}
          </Button>
        }
      >
        {messages.pizzaNotConfigured}
      </Alert>
    );
  }

  const save = async (values: Record<string, unknown>) => {
    const data = toApi(values);
    try {
      const saved = item
        ? await update('items', { id: item.id, data, previousData: item, meta }, { mutationMode: 'pessimistic', returnPromise: true })
        : await create('items', { data, meta }, { returnPromise: true });
      notify(format(messages.nameUpdated, { name: (saved as Item).name }), { type: 'success' });
      navigate(shopUrl(shop.id, 'items'));
      return undefined;
    } catch (error) {
      return onError(error);
    }
  };

  return (
    <ResourceContextProvider value="items">
      <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900, ...touchTargets }}>
        <PageHeader
          inShop
          title={item ? item.name : `${translate('resources.catalog.items.new')} ${translate(`resources.catalog.items.types.${type}`)}`}
          subtitle={translate(`resources.catalog.items.types.${type}`)}
        />
        <Card variant="outlined">
          <SimpleForm
            record={item ? toForm(item) : newItem(type)}
            resolver={itemResolver}
            mode="onChange"
            onSubmit={save}
            toolbar={<EditorToolbar />}
          >
            <UnsavedChangesGuard />
            <Inputs type={type} pizza={pizza.data} />
          </SimpleForm>
        </Card>
      </Box>
    </ResourceContextProvider>
  );
}

const typeOf = (param: string | undefined): ItemType | undefined => ROUTE_TYPES[param as RouteType];

export function ItemCreate() {
  const { type } = useParams();
  const itemType = typeOf(type);
  if (!itemType) return <Alert severity="error">{messages.noMatch}</Alert>;
  return <ItemEditor type={itemType} />;
}

export function ItemEdit() {
  const { type, itemId } = useParams();
  const { shop } = useShop();
  const itemType = typeOf(type);
  const item = useGetOne<Item>('items', { id: itemId!, meta: { shopId: shop.id } }, { retry: false, enabled: !!itemType });
  if (!itemType) return <Alert severity="error">{messages.noMatch}</Alert>;
  if (item.error) return <Alert severity="error">{item.error.message}</Alert>;
  if (!item.data) return <Pending />;
  return <ItemEditor key={item.data.updated} type={item.data.type} item={item.data} />;
}
