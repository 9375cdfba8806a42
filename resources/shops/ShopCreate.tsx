import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { messages } from '../../domain/messages';
import { ShopFormToolbar } from './ShopFormToolbar';
import { ShopInputs } from './ShopInputs';
import { shopCreateResolver } from './shopResolvers';

/** /shops/create: a new shop goes to review; saving may take a while, so the button says 'Please Wait'. */
export function ShopCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="shops"
      title="New Shop"
      sx={{ '& .RaCreate-card': { maxWidth: 760 } }}
      mutationOptions={{
        onSuccess: () => {
          notify(messages.shopCreated, { type: 'success' });
          redirect('/shops');
        },
      }}
    >
      <SimpleForm resolver={shopCreateResolver} mode="onChange" defaultValues={{ type: 'CAFE' }} toolbar={<ShopFormToolbar creating />}>
        <ShopInputs create />
      </SimpleForm>
    </Create>
  );
}
