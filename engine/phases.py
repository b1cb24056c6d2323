"""What the seat to act is doing: the phases of a hand."""

PLAY = 0  # its turn to play a card (and, before that, to call, sing or sign)
TRUCO = 1  # answering a truco call (BET-2)
TEN_CHOICE = 2  # choosing to play or decline the hand of ten (TEN-5)
ENVIDO = 3  # answering an envido call (ENV-5, ENV-6)
FLOR_PARTNER = 4  # the singer's partner, holding flor, raises or passes (FLR-3)
FLOR_OPP = 5  # an opponent holding flor answers it (FLR-4)
FLOR_CONTRA = 6  # the singer answers a contraflor (FLR-6)
FLOR_RESTO = 7  # the contraflor singer answers contraflor al resto (FLR-7)
OVER = 8  # the match is over
