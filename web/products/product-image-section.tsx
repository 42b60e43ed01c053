import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { toast } from '../lib/toast';
import { PRODUCT_IMAGE_CONTENT_TYPES, PRODUCT_IMAGE_MAX_BYTES, type Product } from '../../core/products/products.schemas';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { ProductThumbnail } from './product-thumbnail';
import { productKeys, removeProductImageRequest, uploadProductImageRequest } from './products.api';

const IMAGE_TYPES = Object.keys(PRODUCT_IMAGE_CONTENT_TYPES);
const MAX_MEGABYTES = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024);

/** The product's picture: upload (shown at once as a preview), replace or remove; problems appear under it. */
export function ProductImageSection({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const onSaved = async (saved: Product) => {
    setError(null);
    queryClient.setQueryData(productKeys.detail(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: productKeys.lists });
  };
  const onFailed = (failure: unknown) => {
    setPreview(null);
    setError(isApiError(failure) ? (failure.fieldMessage('image') ?? failure.message) : t`The image could not be saved. Please try again.`);
  };
  const upload = useMutation({
    mutationKey: ['products', 'image', 'upload'],
    mutationFn: (file: File) => uploadProductImageRequest(product.id, file),
    onSuccess: async (saved) => {
      await onSaved(saved);
      setPreview(null);
      toast.success(t`Image saved`);
    },
    onError: onFailed,
  });
  const remove = useMutation({
    mutationKey: ['products', 'image', 'remove'],
    mutationFn: () => removeProductImageRequest(product.id),
    onSuccess: async (saved) => {
      await onSaved(saved);
      toast.success(t`Image removed`);
    },
    onError: onFailed,
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks the file again (and resizes it); this spares a pointless upload.
    if (!IMAGE_TYPES.includes(file.type)) return setError(t`Use a PNG, JPEG or WebP image`);
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setError(t`The image must be at most ${MAX_MEGABYTES} MB`);
    setError(null);
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  };

  const isBusy = upload.isPending || remove.isPending;
  const shown = preview ?? product.imageUrl;
  return (
    <section aria-labelledby="product-image" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="product-image" className="sr-only">
        <Trans>Image</Trans>
      </h3>
      {shown ? (
        <img src={shown} alt={product.name} className="aspect-square w-full max-w-64 rounded-lg border bg-muted object-cover" />
      ) : (
        <ProductThumbnail imageUrl={null} className="aspect-square size-auto w-full max-w-64 rounded-lg" />
      )}
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <input id={inputId} type="file" accept={IMAGE_TYPES.join(',')} className="peer sr-only" onChange={choose} disabled={isBusy} aria-describedby={`${inputId}-hint`} />
          <Button asChild variant="outline" size="sm" aria-disabled={isBusy}>
            <label htmlFor={inputId} className="cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60">
              {upload.isPending ? <InlineSpinner /> : <ImageUpIcon aria-hidden />}
              {product.imageUrl ? <Trans>Replace image</Trans> : <Trans>Upload image</Trans>}
            </label>
          </Button>
          {product.imageUrl && (
            <Button variant="ghost" size="sm" onClick={() => remove.mutate()} disabled={isBusy}>
              {remove.isPending ? <InlineSpinner /> : <Trash2Icon aria-hidden />}
              <Trans>Remove image</Trans>
            </Button>
          )}
        </div>
      )}
      {canEdit && (
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          <Trans>PNG, JPEG or WebP, at most {MAX_MEGABYTES} MB. It is resized for the till and labels.</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(error, i18n)}
        </p>
      )}
    </section>
  );
}
