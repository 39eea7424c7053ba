"""How the window looks: themes, the pygame_gui appearance, the layout of its areas, and every
string it shows in English and Chinese."""
