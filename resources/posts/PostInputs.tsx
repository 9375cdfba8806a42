import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { POST_ASPECTS, postLengthHints } from '../../domain/post';
import { useShop } from '../../src/contracts/shopContext';
import { TimesIn } from '../../src/components/TimesIn';
import { PostImagesInput } from './PostImagesInput';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';
import { MoneyInput } from '../../src/components/MoneyInput';

/** The fields of a post, shared by the create and edit pages (spec 1 §3, §5; scheduling beyond the spec). */
export function PostInputs() {
  const translate = useTranslate();
  const { shop } = useShop();
  const aspectChoices = POST_ASPECTS.map((id) => ({ id, name: translate(`resources.posts.aspect.${id}`) }));
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="title" label="resources.posts.fields.title" helperText={postLengthHints.title} fullWidth />
      <TextInput
        source="description"
        label="resources.posts.fields.description"
        helperText={postLengthHints.description}
        multiline
        minRows={3}
        fullWidth
      />
      {/* Price and shape side by side, spaced like the dates below (one under the other on a phone). */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, mt: 1 }}>
        <MoneyInput
          source="price"
          label="resources.posts.fields.price"
          helperText="resources.posts.help.optional"
          min={0}
          step={0.01}
          fullWidth
        />
        <SelectInput
          source="images.aspectRatio"
          label="resources.posts.fields.aspectRatio"
          choices={aspectChoices}
          helperText="resources.posts.help.aspectRatio"
          emptyText=""
          fullWidth
        />
      </Box>
      <PostImagesInput />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, mt: 1 }}>
        <ZonedDateTimeInput
          source="publishAt"
          label="resources.posts.fields.publishAt"
          zone={shop.timezone}
          helperText={translate('resources.posts.help.publishAt')}
          fullWidth
        />
        <ZonedDateTimeInput
          source="expireAt"
          label="resources.posts.fields.expireAt"
          zone={shop.timezone}
          helperText={translate('resources.posts.help.optional')}
          fullWidth
        />
      </Box>
      <TimesIn zone={shop.timezone} />
    </Box>
  );
}
