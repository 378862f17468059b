import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FILE_ERROR_TEXTS } from '@chat/contract';
import { ApiError } from '../../../api/http';
import '../../../app/i18n';
import { uploadBlogImage } from '../manage-api';
import { FeaturedImageField } from './FeaturedImageField';

vi.mock('../manage-api', () => ({ uploadBlogImage: vi.fn() }));
const upload = vi.mocked(uploadBlogImage);

afterEach(() => {
  cleanup();
  upload.mockReset();
});

const pick = () =>
  fireEvent.change(screen.getByTestId('blog-image-file'), {
    target: { files: [new File([new Uint8Array(10)], 'cover.png', { type: 'image/png' })] },
  });

describe('FeaturedImageField', () => {
  it('says an image is too large in pixels when the server refuses its dimensions', async () => {
    upload.mockRejectedValue(new ApiError(400, 'validation_error', FILE_ERROR_TEXTS.dimensions));
    render(<FeaturedImageField value="" onChange={() => undefined} />);
    pick();
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_ERROR_TEXTS.dimensions);
  });

  it('says the upload failed for another refusal', async () => {
    upload.mockRejectedValue(new ApiError(400, 'validation_error', FILE_ERROR_TEXTS.process));
    render(<FeaturedImageField value="" onChange={() => undefined} />);
    pick();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The image could not be uploaded. Please try again.',
    );
  });
});
