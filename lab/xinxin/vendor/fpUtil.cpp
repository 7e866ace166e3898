// $Id: fpUtil.cpp 187 2005-09-20 20:29:04Z nathanst $

#include "fpUtil.h"
