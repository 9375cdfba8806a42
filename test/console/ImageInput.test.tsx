import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, required } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { ImageInput } from '../../src/components/ImageInput';
import { ImageThumb } from '../../src/components/ImageInput/ImageThumb';
import { mediaUrl } from '../../src/components/media';
import { i18nProvider } from '../../src/providers';
import { clearSession, setSession } from '../../providers/session';

/** The browser's XMLHttpRequest, replaced: records what is sent and answers what the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 10);
  }
  abort() {
    this.onabort?.();
  }
}

/** jsdom draws nothing: give images a size and canvases a context and toBlob, as a browser would. */
function stubBrowserGraphics() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test-image');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(600);
  HTMLImageElement.prototype.decode = () => Promise.resolve();
  const context = {
    drawImage: vi.fn(),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255) }),
    imageSmoothingQuality: 'low',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => context) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, type?: string) {
    cb(new Blob([`${this.width}x${this.height}`], { type }));
  });
  return context;
}

/** Where the app is; the test reads it to see whether a navigation went through. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderInput(
  props: { validate?: ReturnType<typeof required>; onSubmit?: (values: unknown) => void; defaultValues?: Record<string, unknown> } = {},
) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form onSubmit={props.onSubmit ?? (() => undefined)} defaultValues={props.defaultValues}>
        <ImageInput source="logo" aspect="SQUARE" label="Logo" validate={props.validate} />
        <button type="submit">Save</button>
      </Form>
      <Link to="/elsewhere">Elsewhere</Link>
      <Where />
    </AdminContext>,
  );
}

/** Opens the crop dialog and chooses a PNG in it: a crop is now pending. */
async function chooseAndCrop() {
  fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
  const dialog = await screen.findByRole('dialog');
  pick(pngFile());
  await within(dialog).findByRole('button', { name: 'Upload' });
  return dialog;
}

/** Sends the chosen image and answers with the given failure. */
async function failUpload(status: number, body: unknown) {
  stubBrowserGraphics();
  FakeXhr.answer = { status, body };
  renderInput();
  const dialog = await chooseAndCrop();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await within(dialog).findByText(`Upload error ${status}`);
  return dialog;
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('logo-file'), { target: { files: [file] } });
const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.last = null;
  setSession({ accessToken: 'test-token', expiresIn: 900 });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSession();
});

describe('<ImageInput>', () => {
  it("says 'Please select an image.' when Upload is clicked with nothing chosen", async () => {
    renderInput();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Crop image (1:1)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select an image.')).toBeTruthy();
  });

  it('refuses a file that is not an image, then asks for one', async () => {
    renderInput();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog');
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select an image.')).toBeTruthy();
  });

  it("says what went wrong in words a person can act on, with the spec's 'Upload error {code}' beside it", async () => {
    stubBrowserGraphics();
    FakeXhr.answer = { status: 413, body: { message: 'The image is too large. The limit is 10 MB.', code: 'TOO_LARGE' } };
    renderInput();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog');
    pick(pngFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('Upload error 413')).toBeTruthy();
    // The server's own message is written for people: it is shown as sent.
    expect(within(dialog).getByText('The image is too large. The limit is 10 MB.')).toBeTruthy();

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.headers.authorization).toBe('Bearer test-token');
    expect(xhr.body?.get('aspect')).toBe('SQUARE');
    const sent = xhr.body?.get('file') as File;
    // The 800×600 image cropped to its centred square; opaque, so JPEG.
    expect(sent.type).toBe('image/jpeg');
    expect(await sent.text()).toBe('600x600');
    expect(sent.name).toBe('logo.jpg');
  });

  it('turns a file the server cannot read into advice, not the technical reason', async () => {
    const dialog = await failUpload(400, {
      message: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).',
      code: 'NOT_AN_IMAGE',
    });
    expect(within(dialog).getByText('This file is not an image we can read. Try a JPEG or PNG.')).toBeTruthy();
  });

  it('says the image could not be read when the browser cannot decode it (never its own error text)', async () => {
    stubBrowserGraphics();
    HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
    renderInput();
    const dialog = await chooseAndCrop();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('This file is not an image we can read. Try a JPEG or PNG.')).toBeTruthy();
    expect(within(dialog).getByText('Upload error 417')).toBeTruthy();
    expect(within(dialog).queryByText(/cannot be decoded/)).toBeNull();
  });

  it('explains a server failure, a rate limit and a lost connection in plain words', async () => {
    let dialog = await failUpload(502, 'Bad gateway');
    expect(within(dialog).getByText('We could not save the image just now. Please try again in a moment.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    dialog = await failUpload(429, { message: 'Rate limit exceeded, retry in 1 minute', code: 'RATE_LIMITED' });
    expect(within(dialog).getByText('You have uploaded many images in a short time. Wait a minute, then try again.')).toBeTruthy();

    vi.spyOn(FakeXhr.prototype, 'send').mockImplementation(function (this: FakeXhr) {
      setTimeout(() => this.onerror?.(), 5);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Upload error 444')).toBeTruthy();
    expect(within(dialog).getByText('We could not reach Servery. Check your connection and try again.')).toBeTruthy();
  });

  it('asks before Cancel throws away a chosen image, and keeps it when told to', async () => {
    stubBrowserGraphics();
    renderInput();
    const dialog = await chooseAndCrop();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this image?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this image?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Crop image (1:1)' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this image?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes at once when nothing was chosen yet', async () => {
    renderInput();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('holds a navigation (Back, a link) while a crop is pending until the user agrees to discard it', async () => {
    stubBrowserGraphics();
    renderInput();
    await chooseAndCrop();
    // The menu stays reachable behind a modal only for a script; the router sees the same navigation as Back.
    fireEvent.click(screen.getByText('Elsewhere'));
    const ask = await screen.findByRole('dialog', { name: 'Discard this image?' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this image?' })).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/');

    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this image?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/elsewhere'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uploads, stores { path } in the form and shows the 300 px preview with Change and Remove', async () => {
    stubBrowserGraphics();
    FakeXhr.answer = { status: 201, body: { path: 'img/0b7c3a52-8f0e-4a9e-9d55-2f1a3c4b5d6e.webp', width: 600, height: 600 } };
    const onSubmit = vi.fn();
    renderInput({ onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog');
    pick(pngFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload' }));

    const preview = (await screen.findByRole('img', { name: 'Logo' })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/api/media/img/0b7c3a52-8f0e-4a9e-9d55-2f1a3c4b5d6e.webp?w=300');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ logo: { path: 'img/0b7c3a52-8f0e-4a9e-9d55-2f1a3c4b5d6e.webp' } });

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Choose image' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
  });

  it("works with react-admin's required() validation", async () => {
    const onSubmit = vi.fn();
    renderInput({ validate: required(), onSubmit });
    expect(screen.getByText('*', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an existing value as a preview', async () => {
    renderInput({ defaultValues: { logo: { path: 'img/abc.png' } } });
    expect((await screen.findByRole('img', { name: 'Logo' })).getAttribute('src')).toBe('/api/media/img/abc.png?w=300');
  });
});

describe('mediaUrl and <ImageThumb>', () => {
  it('builds URLs from the deployment media base', () => {
    expect(mediaUrl('img/x.webp', 300)).toBe('/api/media/img/x.webp?w=300');
    expect(mediaUrl('img/x.webp', 130)).toBe('/api/media/img/x.webp?w=130');
    expect(mediaUrl('img/x.webp')).toBe('/api/media/img/x.webp');
    expect(mediaUrl('https://cdn.example.com/a.png', 300)).toBe('https://cdn.example.com/a.png');
  });

  it('renders a thumbnail, or a placeholder without a path', () => {
    const { container } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <ImageThumb path="img/y.png" width={130} size={32} alt="thumb" />
        <ImageThumb path={null} />
      </AdminContext>,
    );
    expect(screen.getByRole('img', { name: 'thumb' }).getAttribute('src')).toBe('/api/media/img/y.png?w=130');
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});
