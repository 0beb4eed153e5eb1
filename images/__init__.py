"""Board pictures: draws any game state as a PNG with Pillow."""
